import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useChannels } from '../api/get-channels';
import { ChangeDialog } from './change-dialog';
import { ChangeGuards, ChangeGuardsContext } from './change-guards';
import { ChannelAreaContext, type ChannelAreaValue, type LogoType } from './channel-area';
import {
  CHANNEL_ID_PARAM,
  channelLink,
  readChannelQuery,
  VIEW_MODE_PARAM,
  VIEW_MODE_PC,
} from './channel-query';
import { CsvDialogHost } from './csv-dialog-host';
import { type LayoutPanel, LayoutPanelsContext } from './layout-panels';
import { rememberChannel, resolveChannel } from './remembered-channel';
import { useChannelSwitch } from './use-channel-switch';
import { useLeaveGuard } from './use-leave-guard';
import { usePcViewport } from './use-pc-viewport';

interface ChannelAreaProviderProps {
  logoType: LogoType;
  children: ReactNode;
}

// A phone by its screen, not the viewport: with view_mode=pc the viewport is desktop-wide.
const phoneScreen = () => typeof window !== 'undefined' && window.screen.width <= 767;

/**
 * Reads channel_id and view_mode once, loads the member's channels, and provides the current
 * channel, the switch with its guards, the guard on leaving a screen with unsaved text, and the
 * mobile panels to the layout and its screens.
 */
export function ChannelAreaProvider({ logoType, children }: ChannelAreaProviderProps) {
  const [search, setSearch] = useSearchParams();
  const asked = readChannelQuery(search);
  const { data: channels = [] } = useChannels();
  const channel = resolveChannel(channels, asked.channelId);
  const channelId = channel?.channel_id ?? null;
  const query = useMemo(() => ({ channelId, viewModePc: asked.viewModePc }), [channelId, asked.viewModePc]);
  const guards = useRef(new ChangeGuards()).current;
  const switcher = useChannelSwitch(guards, channelId, query);
  const leaving = useLeaveGuard(guards);
  const narrowViewport = useIsMobile();
  const phoneDevice = narrowViewport || phoneScreen();
  usePcViewport(phoneDevice && query.viewModePc);
  const [panel, setPanel] = useState<LayoutPanel>('none');

  // The URL always names the channel shown, so a reload or a shared link opens the same one.
  useEffect(() => {
    if (channelId === null) return;
    rememberChannel(channelId);
    if (asked.channelId !== channelId) {
      setSearch(
        (prev) => {
          prev.set(CHANNEL_ID_PARAM, String(channelId));
          return prev;
        },
        { replace: true },
      );
    }
  }, [channelId, asked.channelId, setSearch]);

  const value = useMemo<ChannelAreaValue>(
    () => ({
      channels,
      channel,
      query,
      logoType,
      href: (path, extra) => channelLink(path, query, extra),
      requestSwitch: switcher.request,
      pendingChannelId: switcher.shownChannelId,
      setViewModePc: (pc) =>
        setSearch((prev) => {
          // Switching to the smartphone view removes view_mode.
          if (pc) prev.set(VIEW_MODE_PARAM, VIEW_MODE_PC);
          else prev.delete(VIEW_MODE_PARAM);
          return prev;
        }),
      phoneDevice,
      phoneLayout: narrowViewport && !query.viewModePc,
    }),
    [channels, channel, query, logoType, switcher, setSearch, phoneDevice, narrowViewport],
  );

  const panels = useMemo(
    () => ({
      panel,
      toggle: (next: Exclude<LayoutPanel, 'none'>) =>
        setPanel((current) => (current === next ? 'none' : next)),
      close: () => setPanel('none'),
    }),
    [panel],
  );

  return (
    <ChangeGuardsContext.Provider value={guards}>
      <ChannelAreaContext.Provider value={value}>
        <LayoutPanelsContext.Provider value={panels}>
          <CsvDialogHost>{children}</CsvDialogHost>
          <ChangeDialog switching={switcher} leaving={leaving} channels={channels} />
        </LayoutPanelsContext.Provider>
      </ChannelAreaContext.Provider>
    </ChangeGuardsContext.Provider>
  );
}
