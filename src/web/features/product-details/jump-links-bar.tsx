import { JUMP_LINK_SCROLL_MS } from '../../../domain/buy-box/jump-links';
import { smoothScrollTo } from '../../ui/smooth-scroll';

export type JumpLink = { targetId: string; label: string };

/** BB-004/006: each link scrolls smoothly to its section over 500 ms (instantly with reduced motion). */
export function JumpLinksBar({ links }: { links: JumpLink[] }) {
  const jump = (event: React.MouseEvent<HTMLAnchorElement>, targetId: string) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const end = window.scrollY + target.getBoundingClientRect().top - 8;
    smoothScrollTo(end, JUMP_LINK_SCROLL_MS, () => {
      target.focus({ preventScroll: true });
      window.history.replaceState(null, '', `#${targetId}`);
    });
  };
  return (
    <nav className="jump-links" aria-label="On this page">
      <ul>
        {links.map((link) => (
          <li key={link.targetId}>
            <a href={`#${link.targetId}`} onClick={(event) => jump(event, link.targetId)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
