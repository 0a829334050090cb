import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const css = readFileSync(new URL('./ui.css', import.meta.url), 'utf8');
const reducedMotion = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));

test('DP-013 overlays and popovers fade for the --ui-fade the components set', () => {
  expect(css).toMatch(/\.ui-backdrop \{[^}]*animation: ui-fade-in var\(--ui-fade/);
  expect(css).toMatch(/\.ui-modal \{[^}]*animation: ui-fade-in var\(--ui-fade/);
  expect(css).toMatch(/\.ui-popover \{[^}]*transition: opacity var\(--ui-fade/);
});

test('DP-014 the side sheet slides for the --ui-slide the component sets', () => {
  expect(css).toMatch(/\.ui-side-sheet \{[^}]*animation: ui-slide-from-right var\(--ui-slide/);
});

test('under prefers-reduced-motion overlays appear without motion and the spinner slows', () => {
  expect(reducedMotion).toMatch(/\.ui-side-sheet,\s*\.ui-bottom-sheet \{\s*animation: none;/);
  expect(reducedMotion).toMatch(/\.ui-popover \{\s*transition: none;/);
  expect(reducedMotion).toMatch(/\.ui-spinner__ring \{\s*animation-duration: 2\.4s;/);
});

test('.visually-hidden keeps text for screen readers without showing it', () => {
  expect(css).toMatch(
    /\.visually-hidden \{[^}]*clip-path: inset\(50%\);[^}]*width: 1px;|\.visually-hidden \{[^}]*width: 1px;[^}]*clip-path: inset\(50%\);/,
  );
});
