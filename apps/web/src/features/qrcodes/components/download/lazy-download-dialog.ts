import { lazyDialog } from '../../../../components/dialogs/lazy-dialog';

/** The download dialog, loaded when a code is first downloaded. */
export const LazyDownloadDialog = lazyDialog(
  () => import('./download-dialog').then((m) => m.DownloadDialog),
  (props) => props.code !== null,
);
