import { userInfoAnswer } from '@qrqr/shared/auth-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { channelAnswer } from '@qrqr/shared/channel-schemas';
import { messageAnswer } from '@qrqr/shared/message-schemas';
import { api } from '@qrqr/shared/paths';
import { qrListSchema } from '@qrqr/shared/qrcode-schemas';
import { sendlistListAnswer } from '@qrqr/shared/sendlist-schemas';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import { expect } from 'vitest';
import { buildApp } from '../../../src/app';
import type { BareDatabase } from '../../helpers/bare-database';
import { TestClient } from '../../helpers/client';
import { expectAnswer } from '../../helpers/expect';
import { OLD_EMAIL, OLD_REDIRECT, OLD_SHORT_CODE, OLD_SID } from './member-rows';
import { OLD_END_SECONDS, OLD_SEND_SECONDS } from './message-rows';

/**
 * Today's server on the upgraded database, through its API: the owner is still signed in by the
 * session the earlier version started, and every answer keeps to today's contract. A reserved
 * message's send time and a welcome message's end come back in the seconds they were saved in,
 * now read from milliseconds. `reservedId` and `welcomeId` are 0 when the version had no messages.
 */
export async function expectTodaysServerReads(
  bare: BareDatabase,
  ids: { channelId: number; reservedId: number; welcomeId: number },
): Promise<void> {
  const { app } = await buildApp({ config: bare.config, db: bare.db });
  try {
    const owner = new TestClient(app);
    owner.cookies.set('sid', OLD_SID);
    expect(expectAnswer(await owner.get(api.userInfo), userInfoAnswer).user.email).toBe(OLD_EMAIL);

    const list = expectAnswer(await owner.get(`${api.qrListData}?page=1`), qrListSchema);
    expect(list.qrcodes.map((c) => c.title)).toEqual(['旧コード']);
    const scan = await app.inject({ url: `/r/${OLD_SHORT_CODE}` });
    expect({ status: scan.statusCode, to: scan.headers.location }).toEqual({ status: 302, to: OLD_REDIRECT });

    const { channelId, reservedId, welcomeId } = ids;
    const { channel } = expectAnswer(await owner.get(channelPath.one(channelId)), channelAnswer);
    expect({ name: channel.channel_name, followers: channel.user_count }).toEqual({
      name: '旧チャンネル',
      followers: 2,
    });
    // The list's reach counts the follower holding its tag (tag_count, the follower counts).
    const lists = expectAnswer(await owner.get(channelPath.sendlists(channelId)), sendlistListAnswer);
    expect(lists.sendlist.map((l) => [l.sendlist_name, l.follower_count])).toEqual([['会員向け', 1]]);

    if (reservedId) {
      const reserved = expectAnswer(
        await owner.get(channelPath.message(channelId, reservedId)),
        messageAnswer,
      );
      expect(reserved.message.send_dt).toBe(OLD_SEND_SECONDS);
    }
    if (welcomeId) {
      const welcome = expectAnswer(
        await owner.get(channelPath.welcomeMessage(channelId, welcomeId)),
        welcomeMessageAnswer,
      );
      expect(welcome.message.send_end_dt).toBe(OLD_END_SECONDS);
    }
  } finally {
    await app.close();
  }
}
