// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Alert } from './alert';
import { BottomSheet } from './bottom-sheet';
import { Modal } from './modal';
import { Popover } from './popover';
import { SideSheet } from './side-sheet';
import { Spinner } from './spinner';

// Run where there is no document at all, as on the real server.
test('overlays render nothing on the server, open or closed', () => {
  expect(typeof document).toBe('undefined');
  const noop = () => {};
  for (const open of [false, true]) {
    expect(
      renderToString(
        <>
          <Modal open={open} onClose={noop} title="Modal">
            <p>Body</p>
          </Modal>
          <SideSheet open={open} onClose={noop} title="Side sheet">
            <p>Body</p>
          </SideSheet>
          <BottomSheet open={open} onClose={noop} title="Bottom sheet">
            <p>Body</p>
          </BottomSheet>
          <Popover open={open} onClose={noop} anchorRef={{ current: null }} title="Popover">
            <p>Body</p>
          </Popover>
        </>,
      ),
    ).toBe('');
  }
});

test('spinner and alert render their roles on the server', () => {
  const html = renderToString(
    <>
      <Spinner label="Loading offers" />
      <Alert kind="error">Out of stock</Alert>
    </>,
  );
  expect(html).toContain('role="status"');
  expect(html).toContain('Loading offers');
  expect(html).toContain('role="alert"');
});
