import type { QrCodeDto } from '@qrqr/shared';
import { useState } from 'react';
import { DownloadDialog } from '../download/download-dialog';
import { DeleteDialog } from './delete-dialog';
import { RedirectModal } from './redirect-modal';
import type { CodeAction } from './row-actions';
import { TitleModal } from './title-modal';

/** One dialog at a time for the list's row actions: `open(action, code)` and the dialogs to render. */
export function useCodeDialogs() {
  const [current, setCurrent] = useState<{ action: CodeAction; code: QrCodeDto } | null>(null);
  const close = () => setCurrent(null);
  const codeFor = (action: CodeAction) => (current?.action === action ? current.code : null);
  return {
    open: (action: CodeAction, code: QrCodeDto) => setCurrent({ action, code }),
    dialogs: (
      <>
        <DownloadDialog code={codeFor('download')} onClose={close} />
        <TitleModal code={codeFor('title')} onClose={close} />
        <RedirectModal code={codeFor('redirect')} onClose={close} />
        <DeleteDialog code={codeFor('delete')} onClose={close} />
      </>
    ),
  };
}
