import type { PageParams } from '@qrqr/shared/page-params';
import { paths } from '@qrqr/shared/paths';
import { channelRegisterHref } from '../../../components/header/header-links';

/** A link of the channel sidebar. `inArea` links carry channel_id and view_mode. */
export interface SidebarLink {
  key: string;
  /** A path, or one the page parameters decide (an operator may move the registration page). */
  to: string | ((params: PageParams) => string);
  inArea: boolean;
  /** Paths under which the item shows as the current one. */
  active: string[];
}

export const MAIN_ITEMS: SidebarLink[] = [
  {
    key: 'messages',
    to: paths.channelHome,
    inArea: true,
    active: [paths.channelMessage, paths.channelHome, paths.channelMessageCreate],
  },
  {
    key: 'welcome',
    to: paths.channelWelcomeList,
    inArea: true,
    active: [paths.channelWelcome, paths.channelWelcomeList, paths.channelWelcomeCreate],
  },
  {
    key: 'coupons',
    to: paths.channelCouponList,
    inArea: true,
    active: [paths.channelCouponList, paths.channelCouponCreate],
  },
  {
    key: 'sendlists',
    to: paths.channelSendlistList,
    inArea: true,
    active: [paths.channelSendlistList, paths.channelSendlistCreate],
  },
  { key: 'tags', to: paths.channelTagList, inArea: true, active: [paths.channelTagList] },
  // Not one of the sidebar's specified items, but the followers screen needs a way in; it sits with
  // tags, which act on it.
  { key: 'users', to: paths.channelUsers, inArea: true, active: [paths.channelUsers] },
];

export const AFTER_ANALYTICS: SidebarLink[] = [
  { key: 'settings', to: paths.channelUpdate, inArea: true, active: [paths.channelUpdate] },
  {
    key: 'wifi',
    to: paths.wifiHome,
    inArea: true,
    active: [paths.wifiWelcome, paths.wifiHome, paths.wifiWelcomeCreate],
  },
  { key: 'news', to: paths.channelNews, inArea: true, active: [paths.channelNews] },
  { key: 'top', to: paths.home, inArea: false, active: [] },
  {
    key: 'about',
    to: (params) => withSource(channelRegisterHref(params), 'channel'),
    inArea: false,
    active: [],
  },
];

/**
 * `url` with `source` added to its query (the registration page's "about" view), keeping any query
 * or fragment a configured address has. Here, not in the header: only the channel area needs it.
 */
export function withSource(url: string, source: string): string {
  const hashAt = url.indexOf('#');
  const [head, hash] = hashAt < 0 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const joiner = !head.includes('?') ? '?' : /[?&]$/.test(head) ? '' : '&';
  return `${head}${joiner}source=${encodeURIComponent(source)}${hash}`;
}

const trim = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);

export function isActive(item: SidebarLink, pathname: string): boolean {
  return item.active.some((p) => trim(p) === trim(pathname));
}
