import type { ReactNode } from 'react';

export type AlertKind = 'success' | 'error' | 'info' | 'warning';

export type AlertProps = {
  kind: AlertKind;
  title?: ReactNode;
  children?: ReactNode;
};

/** A message box; errors interrupt screen readers (role alert), the other kinds wait their turn (role status). */
export function Alert({ kind, title, children }: AlertProps) {
  return (
    <div className={`ui-alert ui-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title ? <p className="ui-alert__title">{title}</p> : null}
      {children ? <div className="ui-alert__body">{children}</div> : null}
    </div>
  );
}
