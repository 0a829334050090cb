// The parts of the grocery error modal. The server renders them into `errorModalHtml` from
// these same components, and the page's fallback and generic modals use them too, so every grocery
// error reads and looks the same.

export function FreshErrorHeader({ text }: { text: string }) {
  return <span className="fresh-error__header">{text}</span>;
}

export function FreshErrorMessage({ text, code }: { text: string; code?: string | undefined }) {
  return (
    <p className="fresh-error__message" data-error-code={code}>
      {text}
    </p>
  );
}

export function FreshErrorFooter({ text }: { text: string }) {
  return <p className="fresh-error__footer">{text}</p>;
}
