import type { PageParams } from '@qrqr/shared/page-params';
import { paths } from '@qrqr/shared/paths';

/** Account menu entries of the header's name menu, shared by the desktop dropdown and the mobile panel. */
export const accountLinks = [
  { labelKey: 'account_menu.change_email', to: paths.changeEmailRequest },
  { labelKey: 'account_menu.change_password', to: paths.changePassword },
  { labelKey: 'account_menu.basic_info', to: paths.userInfo },
  { labelKey: 'account_menu.qr_list', to: paths.qrList },
] as const;

/** The channel service's registration page: the page parameter QR_CHANNEL_REGISTER_URL, else ours. */
export function channelRegisterHref(params: PageParams): string {
  return params.QR_CHANNEL_REGISTER_URL.trim() || paths.channelRegister;
}

/** The channel button leads to registration until the user has joined the channel service. */
export function channelHref(params: PageParams): string {
  return params.isUserRegisteredChannelService ? paths.channelHome : channelRegisterHref(params);
}

export function registerHref(params: PageParams): string {
  return params.REGISTER_URL || paths.signup;
}

/** The menu shows for signed-in users unless the server hides it on this page. */
export function showsAccountMenu(params: PageParams): boolean {
  return !params.isGuest && params.isAccountMenuVisible !== false;
}
