import { useEffect, useRef } from 'react';
import type { StoreSheetView } from '../../../shared/contracts/grocery';
import { BottomSheet } from '../../ui/bottom-sheet';
import { SideSheet } from '../../ui/side-sheet';
import { usePhoneLayout } from '../../ui/use-phone-layout';
import { StoreSheetContent } from './store-sheet-content';

/** The sheet's content: the sheet call's data (rendered here) or the add answer's HTML (rendered by the server from the same component). */
export type StoreSheetContents = { kind: 'view'; view: StoreSheetView } | { kind: 'html'; html: string };

/**
 * GRO-001/002: the store introduction sheet, a bottom sheet on phones and a side sheet on desktop. Its
 * storefront button changes the delivery address first when it names a new one.
 */
export function StoreIntroSheet({
  contents,
  onClose,
  onStorefront,
}: {
  contents: StoreSheetContents | null;
  onClose: () => void;
  onStorefront: (url: string, newAddressId: string | null) => void;
}) {
  const phone = usePhoneLayout();
  const bodyRef = useRef<HTMLDivElement>(null);
  const latest = useRef(onStorefront);
  latest.current = onStorefront;
  const open = contents !== null;
  useEffect(() => {
    const body = bodyRef.current;
    if (!open || !body) return;
    // One listener for both kinds of content: the server's HTML has no React handlers of its own.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(
        'a[data-store-action="storefront"]',
      );
      if (!link) return;
      event.preventDefault();
      latest.current(link.getAttribute('href') ?? '/', link.dataset.newAddressId ?? null);
    };
    body.addEventListener('click', onClick);
    return () => body.removeEventListener('click', onClick);
  }, [open]);
  const Sheet = phone ? BottomSheet : SideSheet;
  const title = contents?.kind === 'view' ? `About ${contents.view.storeName}` : 'About this store';
  return (
    <Sheet open={open} onClose={onClose} title={title}>
      <div ref={bodyRef} data-testid="store-sheet">
        {contents?.kind === 'view' ? <StoreSheetContent view={contents.view} /> : null}
        {contents?.kind === 'html' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from StoreSheetContent.
          <div dangerouslySetInnerHTML={{ __html: contents.html }} />
        ) : null}
      </div>
    </Sheet>
  );
}
