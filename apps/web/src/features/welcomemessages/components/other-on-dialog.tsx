import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { useTranslation } from '../../../lib/use-translation';
import type { useTurnOn } from './turn-on';

/** "Another welcome message is on": yes stops it and turns this one on (the list and the editor). */
export function OtherOnDialog({ on, children }: { on: ReturnType<typeof useTurnOn>; children: ReactNode }) {
  const { t } = useTranslation('channel-messages');
  return (
    <ConfirmDialog
      opened={on.asking !== null}
      title={t('welcome.other_on_title')}
      confirmLabel={t('welcome.other_on_confirm')}
      loading={on.pending}
      onConfirm={on.confirm}
      onCancel={on.cancel}
    >
      {children}
    </ConfirmDialog>
  );
}
