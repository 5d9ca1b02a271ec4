import { Box, Button, Collapse, NavLink, Stack } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { useState } from 'react';
import { isAppScreen } from '../../../lib/app-screen';
import { Link, useLocation } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';
import classes from './channel-layout.module.css';
import { useOpenCsvDialog } from './csv-dialog-host';
import { useLayoutPanels } from './layout-panels';
import { AFTER_ANALYTICS, isActive, MAIN_ITEMS, type SidebarLink } from './sidebar-items';

const CHANNEL_ONLY = new Set(['settings', 'wifi']);

/** The channel sidebar: every item, the analytics submenu and the add-channel button. */
export function ChannelSidebar({ id }: { id?: string }) {
  const { t } = useTranslation('channels');
  const { pathname } = useLocation();
  const { href, channel, logoType } = useChannelArea();
  const { params } = useSession();
  const { close } = useLayoutPanels();
  // Open on the analytics screen, so the current item shows.
  const [analyticsOpen, setAnalyticsOpen] = useState(pathname === paths.channelAnalytics);
  const openCsv = useOpenCsvDialog();
  const dataPortal = params['DATAPORTAL.URL'];
  // About analytics, in a new tab: an address the server configures (the service pages by default).
  const analyticsAbout = params['ANALYTICS_ABOUT.URL'];

  const item = (link: SidebarLink) => {
    const to = typeof link.to === 'function' ? link.to(params) : link.to;
    const common = {
      label: t(`sidebar.${link.key}`),
      active: isActive(link, pathname),
      'aria-current': isActive(link, pathname) ? ('page' as const) : undefined,
      onClick: close,
      'data-testid': `sidebar-${link.key}`,
    };
    if (link.inArea) return <NavLink key={link.key} component={Link} to={href(to)} {...common} />;
    // A server page or another site (a configured address) loads as a page of its own.
    if (!isAppScreen(to)) return <NavLink key={link.key} component="a" href={to} {...common} />;
    return <NavLink key={link.key} component={Link} to={to} {...common} />;
  };

  // The analytics submenu toggles; choosing one of its items also closes the sidebar.
  const leaveAnalytics = () => {
    setAnalyticsOpen(false);
    close();
  };

  return (
    <Box component="nav" id={id} className={classes.sidebar} aria-label={t('sidebar.label')}>
      <Stack gap={2}>
        {channel ? (
          <>
            {MAIN_ITEMS.map(item)}
            <NavLink
              component="button"
              label={t('sidebar.analytics')}
              opened={analyticsOpen}
              onClick={() => setAnalyticsOpen((open) => !open)}
              aria-expanded={analyticsOpen}
              aria-controls="channel-analytics-menu"
              data-testid="sidebar-analytics"
              // A sign, not a chevron: Mantine would turn it a quarter when open (− into |).
              disableRightSectionRotation
              rightSection={<span aria-hidden="true">{analyticsOpen ? '−' : '+'}</span>}
            />
            {/* Its items stay rendered as any others, only hidden: in Mantine's default mode (React's
                Activity) a closed menu's items are rendered at idle priority, so on a busy phone they
                may not be ready when the menu opens and its item is tapped. It opens at once, not
                growing: while it grew, a quick tap on its last item fell on the item below it, or on
                nothing. */}
            <Collapse
              expanded={analyticsOpen}
              keepMountedMode="display-none"
              transitionDuration={0}
              id="channel-analytics-menu"
            >
              <Stack gap={2} pl="md">
                <NavLink
                  component={Link}
                  to={href(paths.channelAnalytics)}
                  label={t('sidebar.analytics_view')}
                  active={pathname === paths.channelAnalytics}
                  aria-current={pathname === paths.channelAnalytics ? 'page' : undefined}
                  onClick={leaveAnalytics}
                  data-testid="sidebar-analytics-view"
                />
                {analyticsAbout ? (
                  <NavLink
                    component="a"
                    href={analyticsAbout}
                    target="_blank"
                    rel="noopener"
                    label={t('sidebar.analytics_about')}
                    onClick={leaveAnalytics}
                    data-testid="sidebar-analytics-about"
                  />
                ) : null}
                {dataPortal ? (
                  <NavLink
                    component="a"
                    href={dataPortal}
                    target="_blank"
                    rel="noopener"
                    label={t('sidebar.data_portal')}
                    onClick={leaveAnalytics}
                    data-testid="sidebar-data-portal"
                  />
                ) : null}
                <NavLink
                  component="button"
                  label={t(logoType === 2 ? 'sidebar.csv_wifi' : 'sidebar.csv')}
                  disabled={!channel}
                  onClick={() => {
                    leaveAnalytics();
                    openCsv();
                  }}
                  data-testid="sidebar-csv"
                />
              </Stack>
            </Collapse>
          </>
        ) : null}
        {/* Before the first channel exists, only what works without one. */}
        {AFTER_ANALYTICS.filter((link) => channel || !CHANNEL_ONLY.has(link.key)).map(item)}
      </Stack>
      <Button
        component={Link}
        to={href(paths.channelCreate)}
        onClick={close}
        variant="light"
        fullWidth
        mt="md"
        data-testid="add-channel"
      >
        {t('sidebar.add_channel')}
      </Button>
    </Box>
  );
}
