import { useRef } from 'react';
import type { ErrorModalHtml } from '../../../shared/contracts/grocery';
import { Modal } from '../../ui/lazy-overlays';
import { FreshErrorHeader, FreshErrorMessage } from './fresh-error-parts';

/** What the grocery error modal shows: the server's HTML (its own or the generic one), or the built-in fallback. */
export type FreshModal =
  | { kind: 'server'; html: ErrorModalHtml }
  | {
      kind: 'fallback';
      header: string;
      message: string;
      ok: string;
      language: string;
      direction: 'ltr' | 'rtl';
    };

// The server renders these parts from fresh-error-parts.tsx with renderToString, which escapes every
// text, so putting them in the page is safe.
function ServerHtml({ html, as: Tag = 'div' }: { html: string; as?: 'div' | 'span' }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from our own component.
  return <Tag dangerouslySetInnerHTML={{ __html: html }} />;
}

/** GRO-009/029/033/034: the modal a failed grocery add shows; closing it refreshes the cart (GRO-036). */
export function FreshErrorModal({ modal, onClose }: { modal: FreshModal | null; onClose: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  if (!modal) return null;
  const ok = modal.kind === 'fallback' ? modal.ok : 'OK';
  const footer = (
    <button
      ref={okRef}
      type="button"
      className="button button--primary"
      onClick={onClose}
      {...(modal.kind === 'fallback' ? { lang: modal.language, dir: modal.direction } : {})}
    >
      {ok}
    </button>
  );
  if (modal.kind === 'server') {
    return (
      <Modal
        open
        onClose={onClose}
        title={<ServerHtml as="span" html={modal.html.header} />}
        footer={footer}
        initialFocusRef={okRef}
      >
        <div className="fresh-error" data-testid="fresh-error">
          <ServerHtml html={modal.html.errorMessage} />
          <ServerHtml html={modal.html.footer} />
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={
        <span lang={modal.language} dir={modal.direction}>
          <FreshErrorHeader text={modal.header} />
        </span>
      }
      footer={footer}
      initialFocusRef={okRef}
    >
      <div className="fresh-error" data-testid="fresh-error" lang={modal.language} dir={modal.direction}>
        <FreshErrorMessage text={modal.message} />
      </div>
    </Modal>
  );
}
