import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useState } from 'react';
import { lazyDialog } from '../../../../components/dialogs/lazy-dialog';
import { loadShareDialog } from '../../../sharing';
import { LazyDownloadDialog } from '../download/lazy-download-dialog';
import type { CodeAction } from './row-actions';

// Each dialog's code loads when a row first opens it.
const hasCode = (props: { code: QrCodeDto | null }) => props.code !== null;
const TitleModal = lazyDialog(() => import('./title-modal').then((m) => m.TitleModal), hasCode);
const RedirectModal = lazyDialog(() => import('./redirect-modal').then((m) => m.RedirectModal), hasCode);
const DeleteDialog = lazyDialog(() => import('./delete-dialog').then((m) => m.DeleteDialog), hasCode);
const ShareDialog = lazyDialog(() => loadShareDialog().then((m) => m.ShareDialog), hasCode);

/** One dialog at a time for the list's row actions: `open(action, code)` and the dialogs to render. */
export function useCodeDialogs() {
  const [current, setCurrent] = useState<{ action: CodeAction; code: QrCodeDto } | null>(null);
  const close = () => setCurrent(null);
  const codeFor = (action: CodeAction) => (current?.action === action ? current.code : null);
  return {
    open: (action: CodeAction, code: QrCodeDto) => setCurrent({ action, code }),
    dialogs: (
      <>
        <LazyDownloadDialog code={codeFor('download')} onClose={close} />
        <TitleModal code={codeFor('title')} onClose={close} />
        <RedirectModal code={codeFor('redirect')} onClose={close} />
        <DeleteDialog code={codeFor('delete')} onClose={close} />
        <ShareDialog code={codeFor('share')} onClose={close} />
      </>
    ),
  };
}
