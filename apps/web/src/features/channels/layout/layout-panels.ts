import { createContext, useContext } from 'react';
import { ACCOUNT_PANEL_ID } from '../../../components/header/mobile-panels';

/** Mobile layout: one panel open at a time; opening one closes the others. */
export type LayoutPanel = 'none' | 'nav' | 'channel' | 'account';

export const PANEL_IDS = {
  nav: 'channel-nav-panel',
  channel: 'channel-info-panel',
  // The shared account panel keeps its own id.
  account: ACCOUNT_PANEL_ID,
} as const;

export interface LayoutPanels {
  panel: LayoutPanel;
  toggle: (panel: Exclude<LayoutPanel, 'none'>) => void;
  close: () => void;
}

export const LayoutPanelsContext = createContext<LayoutPanels>({
  panel: 'none',
  toggle: () => undefined,
  close: () => undefined,
});

export function useLayoutPanels(): LayoutPanels {
  return useContext(LayoutPanelsContext);
}
