import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useChannelArea } from './channel-area';
import { onCsvDownload } from './channel-events';
import { CsvDialog } from './csv-dialog-lazy';
import { csvDownloadHref } from './csv-range';

const OpenCsvContext = createContext<() => void>(() => undefined);

/**
 * Opens the CSV dialog (the sidebar's analytics submenu item): the current channel's figures, or
 * in the Wi-Fi area (logo type 2) those of the member's Wi-Fi welcome pages.
 */
export function useOpenCsvDialog(): () => void {
  return useContext(OpenCsvContext);
}

/**
 * The CSV dialog lives beside the layout, not inside the sidebar: on a phone the sidebar is a
 * panel that closes when one of its items is chosen, and a dialog inside it would close with it.
 */
export function CsvDialogHost({ children }: { children: ReactNode }) {
  const { channel, logoType } = useChannelArea();
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => setOpened(true), []);
  // The dialog's request (`csv_download`) becomes the download: the browser saves the answer.
  useEffect(
    () =>
      onCsvDownload((detail) => {
        const href = csvDownloadHref(detail);
        if (href) window.location.assign(href);
      }),
    [],
  );
  return (
    <OpenCsvContext.Provider value={open}>
      {children}
      {channel ? (
        <CsvDialog
          opened={opened}
          channelId={channel.channel_id}
          service={logoType === 2 ? 'wifi' : 'channel'}
          onClose={() => setOpened(false)}
        />
      ) : null}
    </OpenCsvContext.Provider>
  );
}
