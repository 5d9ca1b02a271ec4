import { lazyDialog } from '../../../components/dialogs/lazy-dialog';

/** The CSV dialog (Modal and the date pickers) loads when first opened. */
export const CsvDialog = lazyDialog(
  () => import('./csv-dialog').then((m) => m.CsvDownloadDialog),
  (props) => props.opened,
);
