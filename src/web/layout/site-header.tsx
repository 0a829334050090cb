import type { ShopperView } from '../../shared/contracts/pages/shopper';
import { signInUrl } from '../../shared/sign-in-url';

/** The store header: home link, the shopper's sign-in state and the cart count. */
export function SiteHeader({
  shopper,
  cartCount,
  returnTo,
}: {
  shopper: ShopperView;
  cartCount: number;
  returnTo: string;
}) {
  const signInHref = signInUrl(returnTo);
  return (
    <header className="site-header">
      <a className="site-header__logo" href="/">
        <span aria-hidden="true">◆</span> Northwind<span className="site-header__logo-accent">market</span>
      </a>
      <nav className="site-header__nav" aria-label="Account and cart">
        {shopper.signedIn ? (
          // Decision 0015: the account page has the shopper's orders and the Sign out button.
          <a className="site-header__account" href="/gp/css/homepage.html">
            {`Hello, ${shopper.name ?? 'shopper'}`}
          </a>
        ) : (
          <a className="site-header__account" href={signInHref}>
            Hello, sign in
          </a>
        )}
        {/* Named by its content, "Cart, N items" ("1 item"), so the name holds the count a shopper sees (no
            aria-label that would hide the visible text from voice control). */}
        <a className="site-header__cart" href="/gp/cart/view.html">
          <span className="visually-hidden">Cart, </span>
          <span className="site-header__cart-count" id="nav-cart-count" aria-live="polite">
            {cartCount}
          </span>
          <span className="visually-hidden">{cartCount === 1 ? ' item' : ' items'}</span>
          <span aria-hidden="true">Cart</span>
        </a>
      </nav>
    </header>
  );
}
