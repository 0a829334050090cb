import { Component, type ReactNode } from 'react';

/**
 * Renders its children, or nothing once they throw (a lazy chunk that did not load, a widget that
 * broke): for parts of a page that must never take the page down with them. The failure is logged
 * as a warning.
 */
export class QuietBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.name} left out: ${error instanceof Error ? error.message : String(error)}`);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
