// The channels feature's public file: what other features may use of it.
export { useIndustries } from './api/get-industries';
export { useConfirmChannelChange, useLeaveSaved, useUnsavedText } from './layout/change-guards';
export { useCurrentChannel } from './layout/channel-area';
export { ChannelPage } from './layout/channel-page';
export { useOpenCsvDialog } from './layout/csv-dialog-host';
