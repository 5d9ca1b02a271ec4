// The sharing feature's public file: what the QR list uses of the owner's side of sharing.
export { mayDo } from './components/permission-labels';
export { SharedBy } from './components/shared-by';
/** The share dialog's code, loaded when a code's share action is first chosen. */
export const loadShareDialog = () => import('./components/share-dialog');
