/**
 * Events of the channel layout that other parts of the app react to without importing it:
 * `channel_changed` (a completed channel switch) and `csv_download` (the CSV dialog's click), as DOM
 * events on window so a later screen (analytics, messages) subscribes from anywhere.
 */
export interface ChannelChangedDetail {
  channelId: number;
  previousChannelId: number | null;
}

export interface CsvDownloadDetail {
  channelId: number;
  /** Unix seconds: the start of the first day, the end of the last day. */
  start_date: number;
  end_date: number;
  /** The click is emitted even when the end date is before the start date. */
  invalid: boolean;
}

const CHANNEL_CHANGED = 'channel_changed';
const CSV_DOWNLOAD = 'csv_download';

export function emitChannelChanged(detail: ChannelChangedDetail): void {
  window.dispatchEvent(new CustomEvent(CHANNEL_CHANGED, { detail }));
}

export function onChannelChanged(listener: (detail: ChannelChangedDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ChannelChangedDetail>).detail);
  window.addEventListener(CHANNEL_CHANGED, handler);
  return () => window.removeEventListener(CHANNEL_CHANGED, handler);
}

let csvListeners = 0;

/** Emits the CSV request; answers whether anything listened (nothing does until analytics land). */
export function emitCsvDownload(detail: CsvDownloadDetail): boolean {
  window.dispatchEvent(new CustomEvent(CSV_DOWNLOAD, { detail }));
  return csvListeners > 0;
}

export function onCsvDownload(listener: (detail: CsvDownloadDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<CsvDownloadDetail>).detail);
  window.addEventListener(CSV_DOWNLOAD, handler);
  csvListeners += 1;
  return () => {
    window.removeEventListener(CSV_DOWNLOAD, handler);
    csvListeners -= 1;
  };
}
