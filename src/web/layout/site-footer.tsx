import type { MouseEvent } from 'react';
import { DEFAULT_SCROLL_MS } from '../../domain/buy-box/jump-links';
import { smoothScrollTo } from '../ui/smooth-scroll';

// BB-007: scrolls other than jump links take 1000 ms; without JavaScript the link still jumps to #top.
function backToTop(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  smoothScrollTo(0, DEFAULT_SCROLL_MS, () => document.getElementById('top')?.focus({ preventScroll: true }));
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link that works without JavaScript; the script only animates the scroll */}
      <a href="#top" className="site-footer__top" onClick={backToTop}>
        Back to top
      </a>
      <p>Northwind Market · Conditions of use · Privacy notice · © 2026</p>
    </footer>
  );
}
