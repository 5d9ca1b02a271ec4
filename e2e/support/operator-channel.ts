import type { Page } from 'playwright-core';
import { apiCall } from './api-call';
import { type NewMember, signUpThroughApi } from './sign-up';

export interface OperatorChannel {
  channelId: number;
  channelCode: string;
}

/**
 * A new operator with one channel: signed up, the channel service's terms accepted and the channel
 * made through the API (their screens have tests of their own). No screen is loaded: the page is
 * left on a plain JSON answer of the app's origin (/api/health), where `apiCall` can run.
 */
export async function signUpOperatorWithChannel(
  page: Page,
  baseUrl: string,
  member: NewMember,
  channelName: string,
): Promise<OperatorChannel> {
  await signUpThroughApi(page, baseUrl, member);
  await page.goto(`${baseUrl}/api/health`);
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const created = await apiCall<{ channel: { channel_id: number; channel_code: string } }>(
    page,
    'POST',
    '/api/qrchannel/channel',
    { channel_name: channelName, channel_user_type: 1 },
  );
  return { channelId: created.channel.channel_id, channelCode: created.channel.channel_code };
}

/** A follower's phone follows the channel from its page and waits for the inbox it opens on. */
export async function followFromChannelPage(
  phone: Page,
  baseUrl: string,
  channelCode: string,
): Promise<void> {
  await phone.goto(`${baseUrl}/c/${channelCode}`);
  await phone.getByTestId('follow').click();
  await phone.getByTestId('inbox').waitFor();
}
