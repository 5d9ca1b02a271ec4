import { abTestListAnswer } from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { messageListAnswer } from '@qrqr/shared/message-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideDueTests } from '../../src/modules/messaging/decide-test';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectAnswer } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { addFollowers, saveTestDraft } from './ab-helpers';
import { notify, saveDraft } from './helpers';

/**
 * GET …/message/abtest: the channel's sent A/B tests (analytics shows each one's report), newest
 * first; drafts and other channels' tests are not listed. GET …/message: each message's test state.
 */
let t: TestApp;
let owner: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const T0 = Math.ceil((Date.now() + 10 * 24 * HOUR) / 1000) * 1000;

describe('the list of sent tests', () => {
  it('lists sent tests newest first, waiting then decided, without drafts or other channels', async () => {
    const channel = await createChannel(owner.client);
    const id = channel.channel_id;
    await addFollowers(t.ctx.db, id, 1000);
    const list = async () =>
      expectAnswer(await owner.client.get(channelPath.messageAbTests(id)), abTestListAnswer).tests;
    expect(await list()).toEqual([]);

    const first = await saveTestDraft(owner.client, id, { send_dt: T0 / 1000, push_text: 'first' }, {});
    await notify(owner.client, id, first.message.message_id);
    await deliverDue(t.ctx, () => T0);
    const draft = await saveTestDraft(owner.client, id, { push_text: 'draft' }, {});

    const sent = await list();
    expect(sent).toEqual([
      {
        message_id: first.message.message_id,
        push_text: 'first',
        sent_at: expect.any(Number),
        state: 'waiting',
      },
    ]);
    expect(sent.map((s) => s.message_id)).not.toContain(draft.message.message_id);

    await decideDueTests(t.ctx, () => T0 + 100 * HOUR);
    expect((await list())[0]?.state).toBe('decided');

    const elsewhere = await createChannel(other.client);
    const theirs = expectAnswer(
      await other.client.get(channelPath.messageAbTests(elsewhere.channel_id)),
      abTestListAnswer,
    );
    expect(theirs.tests).toEqual([]);
  });
});

describe('the message list', () => {
  it("shows each message's test state: none, draft, waiting, then decided", async () => {
    const channel = await createChannel(owner.client);
    const id = channel.channel_id;
    await addFollowers(t.ctx.db, id, 1000);
    const states = async () => {
      const list = expectAnswer(await owner.client.get(channelPath.messages(id)), messageListAnswer);
      return new Map(list.messages.map((m) => [m.push_text, m.ab_test_state]));
    };

    await saveDraft(owner.client, id, { push_text: 'plain' });
    const sent = await saveTestDraft(owner.client, id, { send_dt: T0 / 1000, push_text: 'sent' }, {});
    await notify(owner.client, id, sent.message.message_id);
    const reserved = await saveTestDraft(owner.client, id, {
      push_text: 'reserved',
      send_dt: T0 / 1000 + 7200,
    });
    await notify(owner.client, id, reserved.message.message_id);
    await deliverDue(t.ctx, () => T0);
    await saveTestDraft(owner.client, id, { push_text: 'draft' }, {});
    expect(await states()).toEqual(
      new Map([
        ['draft', 'draft'],
        ['reserved', 'draft'],
        ['sent', 'waiting'],
        ['plain', null],
      ]),
    );

    await decideDueTests(t.ctx, () => T0 + 100 * HOUR);
    expect((await states()).get('sent')).toBe('decided');
  });
});
