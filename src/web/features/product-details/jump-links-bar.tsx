import { JUMP_LINK_SCROLL_MS, scrollPosition } from '../../../domain/buy-box/jump-links';

export type JumpLink = { targetId: string; label: string };

/** BB-004/006: each link scrolls smoothly to its section over 500 ms (instantly with reduced motion). */
export function JumpLinksBar({ links }: { links: JumpLink[] }) {
  const jump = (event: React.MouseEvent<HTMLAnchorElement>, targetId: string) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const start = window.scrollY;
    const end = start + target.getBoundingClientRect().top - 8;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const begun = performance.now();
    const step = (now: number) => {
      const elapsed = reduced ? JUMP_LINK_SCROLL_MS : now - begun;
      window.scrollTo(0, scrollPosition(start, end, elapsed, JUMP_LINK_SCROLL_MS));
      if (elapsed < JUMP_LINK_SCROLL_MS) requestAnimationFrame(step);
      else {
        target.focus({ preventScroll: true });
        window.history.replaceState(null, '', `#${targetId}`);
      }
    };
    requestAnimationFrame(step);
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
