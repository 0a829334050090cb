import type { SignInPageData } from '../../../shared/contracts/pages/sign-in-page';
import { SIGN_IN_PATH, signInUrl } from '../../../shared/sign-in-url';
import { SiteFooter } from '../../layout/site-footer';

/** A plain HTML form: signing in and creating an account work before (and without) JavaScript. */
export function SignInPage({ data }: { data: SignInPageData }) {
  const creating = data.mode === 'create-account';
  const otherMode = signInUrl(data.returnTo, { createAccount: !creating });
  return (
    <>
      <main id="top" tabIndex={-1} className="sign-in">
        <a className="sign-in__logo" href="/">
          <span aria-hidden="true">◆</span> Northwind<span className="site-header__logo-accent">market</span>
        </a>
        <section className="sign-in__card" aria-labelledby="sign-in-heading">
          <h1 id="sign-in-heading">{creating ? 'Create account' : 'Sign in'}</h1>
          {data.error ? (
            <div className="alert alert--error" role="alert">
              <strong>There was a problem</strong>
              <p>{data.error}</p>
            </div>
          ) : null}
          {data.shopper.signedIn ? (
            <form method="post" action={SIGN_IN_PATH}>
              <p>You are signed in as {data.shopper.name}.</p>
              <input type="hidden" name="csrfToken" value={data.csrfToken} />
              <input type="hidden" name="action" value="sign-out" />
              <input type="hidden" name="path" value={data.returnTo} />
              <button className="button button--secondary" type="submit">
                Sign out
              </button>
            </form>
          ) : (
            <form method="post" action={SIGN_IN_PATH} className="sign-in__form">
              <input type="hidden" name="csrfToken" value={data.csrfToken} />
              <input type="hidden" name="action" value={creating ? 'create-account' : 'sign-in'} />
              <input type="hidden" name="path" value={data.returnTo} />
              {creating ? (
                <label className="field">
                  <span className="field__label">Your name</span>
                  <input name="name" autoComplete="name" required maxLength={80} />
                </label>
              ) : null}
              <label className="field">
                <span className="field__label">Email</span>
                <input
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={data.email}
                  maxLength={254}
                />
              </label>
              <label className="field">
                <span className="field__label">Password</span>
                <input
                  name="password"
                  type="password"
                  autoComplete={creating ? 'new-password' : 'current-password'}
                  required
                  minLength={creating ? 8 : 1}
                  maxLength={200}
                />
              </label>
              <button className="button button--primary button--wide" type="submit">
                {creating ? 'Create your account' : 'Sign in'}
              </button>
            </form>
          )}
          <p className="sign-in__switch">
            {creating ? 'Already have an account? ' : 'New to Northwind Market? '}
            <a href={otherMode}>{creating ? 'Sign in' : 'Create your account'}</a>
          </p>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
