import type { MouseEvent, ReactNode } from 'react';
import { popupWindowFeatures } from '../../domain/buy-box/buy-box-constants';

/**
 * A link whose page opens in the default pop-up window, 600 by 400 with scrollbars (BB-042). Without
 * JavaScript, or where pop-ups are blocked, it opens in a new tab instead.
 */
export function PopupLink({ href, children }: { href: string; children: ReactNode }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (window.open(href, 'pdp-popup', popupWindowFeatures())) event.preventDefault();
  };
  return (
    <a href={href} target="_blank" rel="noopener" onClick={open}>
      {children}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
