import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import type { DeleteSendlistsDialogProps } from './delete-sendlists-dialog';

/** The delete dialog loads the first time it opens, not with the list. */
export const LazyDeleteSendlistsDialog = lazyDialog<DeleteSendlistsDialogProps>(
  () => import('./delete-sendlists-dialog').then((m) => m.DeleteSendlistsDialog),
  (props) => props.opened,
);
