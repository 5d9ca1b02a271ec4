import { lazyDialog } from '../../../../components/dialogs/lazy-dialog';

/** The bulk dialogs, loaded the first time one opens: the list page's first visit does not carry them. */
export const LazyBulkCreateDialog = lazyDialog(
  () => import('./bulk-create-dialog').then((m) => m.BulkCreateDialog),
  (props) => props.opened,
);

export const LazyBulkExportDialog = lazyDialog(
  () => import('./bulk-export-dialog').then((m) => m.BulkExportDialog),
  (props) => props.ids !== null,
);
