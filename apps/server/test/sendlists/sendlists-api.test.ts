import { channelPath } from '@qrqr/shared/channel-paths';
import { type SendlistDto, sendlistAnswer } from '@qrqr/shared/sendlist-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagsHeldBySendlists } from '../../src/modules/sendlists/tags-in-use';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedFollowers, seedTags } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { createTag, deleteTags } from '../helpers/tags';

let t: TestApp;
let owner: Member;
let other: Member;
let channelId: number;
let otherChannelId: number;
/** Tags of the owner's channel: 会員, VIP, 常連, 新規. */
let tg: [number, number, number, number];
let foreignTag: number;
const url = (rest = '', id = channelId) => channelPath.under(id, `sendlist${rest}`);
const tagUrl = (id = channelId) => channelPath.under(id, 'tag');

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
  channelId = (await createChannel(owner.client)).channel_id;
  otherChannelId = (await createChannel(other.client)).channel_id;
  tg = (await seedTags(t.ctx.db, channelId, ['会員', 'VIP', '常連', '新規'])) as typeof tg;
  [foreignTag] = (await seedTags(t.ctx.db, otherChannelId, ['会員'])) as [number];
  const [a, b, c] = tg;
  // Five followers: none, {a}, {a,b}, {b,c}, {a,b,c}.
  await seedFollowers(t.ctx.db, channelId, [[], [a], [a, b], [b, c], [a, b, c]]);
  await seedFollowers(t.ctx.db, otherChannelId, [[foreignTag]]);
});
afterAll(() => t?.close());

const list = (patch: Record<string, unknown> = {}) => ({
  sendlist_name: '常連さん',
  box_filter_1: 0,
  tag_list_1: [tg[0]],
  box_filter_2: 3,
  tag_list_2: [],
  ...patch,
});
let names = 0;
const uniqueName = () => `リスト${++names}`;

async function create(patch: Record<string, unknown> = {}): Promise<SendlistDto> {
  return expectAnswer(
    await owner.client.post(url(), list({ sendlist_name: uniqueName(), ...patch })),
    sendlistAnswer,
  ).sendlist;
}

describe('POST /api/qrchannel/{channel}/sendlist/count', () => {
  it.each([
    ['default 3 in both boxes reaches everyone', 3, [], 5],
    ['exactly 2 {会員, VIP}', 2, [0, 1], 1],
    ['at least 0 {会員, VIP}', 0, [0, 1], 2],
    ['at most 1 {会員, VIP}', 1, [0, 1], 3],
    ['exclude 4 {会員, VIP}', 4, [0, 1], 1],
    ['at least 0 {新規}: nobody has it', 0, [3], 0],
    ['exclude 4 {新規}: everyone', 4, [3], 5],
  ])('%s', async (_label, mode, idx, count) => {
    const body = { box_filter_1: mode, tag_list_1: idx.map((i) => tg[i]), box_filter_2: 3, tag_list_2: [] };
    expect(expectOk(await owner.client.post(url('/count'), body)).count).toBe(count);
  });

  it('combines the two boxes with AND', async () => {
    const body = { box_filter_1: 0, tag_list_1: [tg[0]], box_filter_2: 4, tag_list_2: [tg[2]] };
    expect(expectOk(await owner.client.post(url('/count'), body)).count).toBe(2);
  });

  it('reads form-encoded boxes with comma-separated tags', async () => {
    const body = { box_filter_1: '0', tag_list_1: `${tg[0]},${tg[1]}`, box_filter_2: '', tag_list_2: '' };
    expect(expectOk(await owner.client.post(url('/count'), body, { form: true })).count).toBe(2);
  });

  it("refuses another channel's tag like a missing one", async () => {
    for (const tag of [foreignTag, 999999]) {
      const res = await owner.client.post(url('/count'), { box_filter_1: 0, tag_list_1: [tag] });
      expectError(res, 'E-400', { field: 'tag_list_1', rule: 'validation.sendlist_tag_unknown' });
    }
  });
});

describe('POST /api/qrchannel/{channel}/sendlist (create and update)', () => {
  it('creates a list that answers its reach, and GET reads it back', async () => {
    const saved = await create({
      box_filter_1: 0,
      tag_list_1: [tg[1], tg[0]],
      box_filter_2: 4,
      tag_list_2: [tg[2]],
    });
    expect(saved).toMatchObject({
      box_filter_1: 0,
      tag_list_1: [tg[0], tg[1]].sort((x, y) => x - y),
      box_filter_2: 4,
      tag_list_2: [tg[2]],
      follower_count: 1,
    });
    expect(expectOk(await owner.client.get(url(`/${saved.sendlist_id}`))).sendlist).toEqual(saved);
    const all = expectOk(await owner.client.get(url())).sendlist as SendlistDto[];
    expect(all).toContainEqual(saved);
  });

  it('accepts a form-encoded body and a 20-character name', async () => {
    const name = '春の感謝祭にご来店いただいた常連のお客さま'.slice(0, 20);
    const res = await owner.client.post(
      url(),
      { sendlist_name: name, box_filter_1: '1', tag_list_1: `${tg[0]}`, box_filter_2: '3', tag_list_2: '' },
      { form: true },
    );
    expect(expectOk(res).sendlist).toMatchObject({ sendlist_name: name, box_filter_1: 1, follower_count: 2 });
  });

  it('keeps no tags for a box in the default mode', async () => {
    const saved = await create({
      box_filter_1: 3,
      tag_list_1: [tg[0]],
      box_filter_2: 3,
      tag_list_2: [tg[1]],
    });
    expect(saved).toMatchObject({ tag_list_1: [], tag_list_2: [], follower_count: 5 });
  });

  it('updates the list named by sendlist_id', async () => {
    const saved = await create();
    const res = await owner.client.post(
      url(),
      list({
        sendlist_id: saved.sendlist_id,
        sendlist_name: '改名',
        box_filter_1: 2,
        tag_list_1: [tg[0], tg[1]],
      }),
    );
    const updated = expectOk(res).sendlist as SendlistDto;
    expect(updated).toMatchObject({
      sendlist_id: saved.sendlist_id,
      sendlist_name: '改名',
      box_filter_1: 2,
      follower_count: 1,
    });
    expect(updated.created_at).toBe(saved.created_at);
    // Saving again under its own name is no conflict.
    expectOk(await owner.client.post(url(), list({ sendlist_id: saved.sendlist_id, sendlist_name: '改名' })));
  });

  it('answers E-713 for a name another list of the channel has, on create and on update', async () => {
    const first = await create();
    const dup = await owner.client.post(url(), list({ sendlist_name: first.sendlist_name }));
    expectError(dup, 'E-713');
    const second = await create();
    const rename = await owner.client.post(
      url(),
      list({ sendlist_id: second.sendlist_id, sendlist_name: ` ${first.sendlist_name} ` }),
    );
    expectError(rename, 'E-713');
    owner.client.cookies.set('lang', 'en');
    expectError(await owner.client.post(url(), list({ sendlist_name: first.sendlist_name })), 'E-713', {
      locale: 'en',
    });
    owner.client.cookies.delete('lang');
  });

  it('lets another channel use the same name', async () => {
    const mine = await create();
    const res = await other.client.post(
      url('', otherChannelId),
      list({ sendlist_name: mine.sendlist_name, tag_list_1: [foreignTag] }),
    );
    expect(expectOk(res).sendlist).toMatchObject({ sendlist_name: mine.sendlist_name, follower_count: 1 });
  });

  const tags = (n: number, from = 1000) => Array.from({ length: n }, (_, i) => from + i);
  it.each([
    ['a blank name', { sendlist_name: '  ' }, 'sendlist_name', 'validation.sendlist_name_required'],
    ['no name', { sendlist_name: undefined }, 'sendlist_name', 'validation.sendlist_name_required'],
    [
      'a 21-character name',
      { sendlist_name: 'あ'.repeat(21) },
      'sendlist_name',
      'validation.sendlist_name_too_long',
    ],
    ['filter mode 5', { box_filter_1: 5 }, 'box_filter_1', 'validation.box_filter'],
    ['filter mode -1', { box_filter_2: -1 }, 'box_filter_2', 'validation.box_filter'],
    ['filter mode "all"', { box_filter_1: 'all' }, 'box_filter_1', 'validation.box_filter'],
    ['filter mode 2.5', { box_filter_1: 2.5 }, 'box_filter_1', 'validation.box_filter'],
    ['11 tags in box 1', { tag_list_1: tags(11) }, 'tag_list_1', 'validation.sendlist_tags_too_many'],
    [
      '6 + 5 tags over both boxes',
      { tag_list_1: tags(6), box_filter_2: 4, tag_list_2: tags(5, 2000) },
      'tag_list_2',
      'validation.sendlist_tags_too_many',
    ],
    ['a tag id "abc"', { tag_list_1: ['abc'] }, 'tag_list_1.0', 'validation.sendlist_tag_unknown'],
    ['tags not given as a list', { tag_list_1: { a: 1 } }, 'tag_list_1.0', 'validation.sendlist_tag_unknown'],
    ['sendlist_id "x"', { sendlist_id: 'x' }, 'sendlist_id', 'validation.invalid'],
    [
      'box 1 with a mode and no tag',
      { box_filter_1: 2, tag_list_1: [] },
      'tag_list_1',
      'validation.sendlist_box_1_tags_required',
    ],
    [
      'box 2 with a mode and no tag',
      { box_filter_2: 4, tag_list_2: '' },
      'tag_list_2',
      'validation.sendlist_box_2_tags_required',
    ],
  ])('refuses %s', async (_label, patch, field, rule) => {
    expectError(await owner.client.post(url(), list({ sendlist_name: uniqueName(), ...patch })), 'E-400', {
      field,
      rule,
    });
  });

  it('counts a tag repeated in both boxes once towards the 10', async () => {
    const ten = [...tg, ...tg.slice(0, 2)];
    const res = await owner.client.post(
      url(),
      list({ sendlist_name: uniqueName(), tag_list_1: ten, box_filter_2: 4, tag_list_2: tg }),
    );
    expectOk(res);
  });

  it("refuses another channel's tag and a missing tag in either box", async () => {
    for (const [field, patch] of [
      ['tag_list_1', { tag_list_1: [foreignTag] }],
      ['tag_list_2', { box_filter_2: 1, tag_list_2: [tg[0], 999999] }],
    ] as const) {
      expectError(await owner.client.post(url(), list({ sendlist_name: uniqueName(), ...patch })), 'E-400', {
        field,
        rule: 'validation.sendlist_tag_unknown',
      });
    }
  });

  it("answers 404 when sendlist_id is missing or another channel's list", async () => {
    const theirs = expectOk(
      await other.client.post(
        url('', otherChannelId),
        list({ sendlist_name: uniqueName(), tag_list_1: [foreignTag] }),
      ),
    ).sendlist as SendlistDto;
    for (const id of [theirs.sendlist_id, 999999]) {
      expectError(
        await owner.client.post(url(), list({ sendlist_id: id, sendlist_name: uniqueName() })),
        'E-404',
      );
    }
  });

  it('answers a malformed JSON body with E-400', async () => {
    expectError(await owner.client.post(url(), undefined, { rawJson: '{"sendlist_name": ' }), 'E-400');
  });
});

describe('DELETE /api/qrchannel/{channel}/sendlist', () => {
  const del = (member: Member, body: Record<string, unknown>, options = {}, id = channelId) =>
    member.client.post(url('', id), body, { method: 'DELETE', ...options });

  it('deletes several lists at once', async () => {
    const a = await create();
    const b = await create();
    expect(expectOk(await del(owner, { sendlist_ids: [a.sendlist_id, b.sendlist_id] })).deleted_count).toBe(
      2,
    );
    expectError(await owner.client.get(url(`/${a.sendlist_id}`)), 'E-404');
    const left = (expectOk(await owner.client.get(url())).sendlist as SendlistDto[]).map(
      (s) => s.sendlist_id,
    );
    expect(left).not.toContain(b.sendlist_id);
  });

  it('reads comma-separated ids from a form', async () => {
    const a = await create();
    const b = await create();
    const res = await del(owner, { sendlist_ids: `${a.sendlist_id},${b.sendlist_id}` }, { form: true });
    expect(expectOk(res).deleted_count).toBe(2);
  });

  it("deletes nothing when one id is not this channel's list", async () => {
    const mine = await create();
    const theirs = expectOk(
      await other.client.post(
        url('', otherChannelId),
        list({ sendlist_name: uniqueName(), tag_list_1: [foreignTag] }),
      ),
    ).sendlist as SendlistDto;
    expectError(await del(owner, { sendlist_ids: [mine.sendlist_id, theirs.sendlist_id] }), 'E-404');
    expectOk(await owner.client.get(url(`/${mine.sendlist_id}`)));
    expectOk(await other.client.get(url(`/${theirs.sendlist_id}`, otherChannelId)));
  });

  it.each([
    ['no ids', {}, 'validation.sendlist_ids_required'],
    ['an empty list', { sendlist_ids: [] }, 'validation.sendlist_ids_required'],
    ['an id "x"', { sendlist_ids: ['x'] }, 'validation.invalid'],
  ])('refuses %s', async (_label, body, rule) => {
    const field = rule === 'validation.invalid' ? 'sendlist_ids.0' : 'sendlist_ids';
    expectError(await del(owner, body), 'E-400', { field, rule });
  });
});

describe('POST /api/qrchannel/{channel}/sendlist/reserved', () => {
  it('answers zero for each list while no reserved message uses one', async () => {
    const a = await create();
    const b = await create();
    const res = await owner.client.post(url('/reserved'), { sendlist_ids: [a.sendlist_id, b.sendlist_id] });
    expect(expectOk(res).reserved).toEqual([
      { sendlist_id: a.sendlist_id, reserved_count: 0 },
      { sendlist_id: b.sendlist_id, reserved_count: 0 },
    ]);
  });

  it("answers 404 for another channel's list", async () => {
    const theirs = expectOk(
      await other.client.post(
        url('', otherChannelId),
        list({ sendlist_name: uniqueName(), tag_list_1: [foreignTag] }),
      ),
    ).sendlist as SendlistDto;
    expectError(await owner.client.post(url('/reserved'), { sendlist_ids: [theirs.sendlist_id] }), 'E-404');
  });

  it('adds up what the registered counters answer', async () => {
    const off = [
      t.ctx.registry.register(points.sendlistReserved, async ({ channelId: asked, ids }) =>
        asked === 987_654 ? ids.map((id) => ({ id, count: 2 })) : [],
      ),
      t.ctx.registry.register(points.sendlistReserved, async ({ channelId: asked }) =>
        asked === 987_654
          ? [
              { id: 7, count: 1 },
              { id: 99, count: 5 },
            ]
          : [],
      ),
    ];
    try {
      const counts = await t.ctx.registry.uses(points.sendlistReserved, { channelId: 987_654, ids: [7, 8] });
      expect([...counts]).toEqual([
        [7, 3],
        [8, 2],
      ]);
    } finally {
      for (const unregister of off) unregister();
    }
  });

  it('answers what a module registered on the app counts (the messages module will)', async () => {
    const a = await create();
    const b = await create();
    const asked: Array<{ channelId: number; ids: readonly number[] }> = [];
    const unregister = t.ctx.registry.register(points.sendlistReserved, async ({ channelId: ch, ids }) => {
      asked.push({ channelId: ch, ids });
      return ch === channelId ? [{ id: b.sendlist_id, count: 4 }] : [];
    });
    try {
      const res = await owner.client.post(url('/reserved'), { sendlist_ids: [a.sendlist_id, b.sendlist_id] });
      expect(expectOk(res).reserved).toEqual([
        { sendlist_id: a.sendlist_id, reserved_count: 0 },
        { sendlist_id: b.sendlist_id, reserved_count: 4 },
      ]);
      expect(asked).toEqual([{ channelId, ids: [a.sendlist_id, b.sendlist_id] }]);
    } finally {
      unregister();
    }
  });
});

describe('every send-list call', () => {
  const calls = (id: number): Array<[string, (m: Member) => ReturnType<Member['client']['get']>]> => [
    ['GET list', (m) => m.client.get(url('', id))],
    ['GET one', (m) => m.client.get(url('/1', id))],
    ['POST save', (m) => m.client.post(url('', id), list())],
    ['DELETE', (m) => m.client.post(url('', id), { sendlist_ids: [1] }, { method: 'DELETE' })],
    ['POST reserved', (m) => m.client.post(url('/reserved', id), { sendlist_ids: [1] })],
    ['POST count', (m) => m.client.post(url('/count', id), { box_filter_1: 3 })],
  ];

  it("answers 404 on another member's channel, before reading the body", async () => {
    for (const [label, call] of calls(otherChannelId)) {
      const res = await call(owner);
      expect(res.statusCode, label).toBe(404);
      expectError(res, 'E-404');
    }
  });

  it('answers 401 to a guest', async () => {
    const guest = { client: await newClient(t.app) } as Member;
    for (const [label, call] of calls(channelId)) {
      const res = await call(guest);
      expect(res.statusCode, label).toBe(401);
    }
  });

  it('refuses state-changing calls without the CSRF token or X-Requested-With', async () => {
    for (const [path, method] of [
      [url(), 'POST'],
      [url(), 'DELETE'],
      [url('/reserved'), 'POST'],
      [url('/count'), 'POST'],
    ] as const) {
      expectError(await owner.client.post(path, list(), { csrf: 'omit', method }), 'E-403');
      expectError(await owner.client.post(path, list(), { noXrw: true, method }), 'E-403');
    }
  });

  it('answers a malformed list id with E-400', async () => {
    expectError(await owner.client.get(url('/abc')), 'E-400');
  });
});

describe('tags used by send lists (E-710) and channel deletion', () => {
  it('names the tags a list uses, not those of an unused box', async () => {
    const [x, y, z] = await seedTags(t.ctx.db, channelId, ['x', 'y', 'z']);
    const uses = await create({ box_filter_1: 1, tag_list_1: [x], box_filter_2: 3, tag_list_2: [] });
    await create({ box_filter_1: 3, tag_list_1: [y], box_filter_2: 3, tag_list_2: [] });
    const ids = [x as number, y as number, z as number];
    expect(await tagsHeldBySendlists(t.ctx.db, { channelId, ids })).toEqual([
      { id: x, by: uses.sendlist_name },
    ]);
    expect(await tagsHeldBySendlists(t.ctx.db, { channelId: otherChannelId, ids: [x as number] })).toEqual(
      [],
    );
  });

  it('makes DELETE …/tag answer E-710 for a tag a list uses, and frees it once the list is gone', async () => {
    const used = await createTag(owner.client, channelId, '使用中のタグ');
    const unusedBox = await createTag(owner.client, channelId, '既定の箱のタグ');
    const saved = await create({
      box_filter_1: 4,
      tag_list_1: [used.tag_id],
      box_filter_2: 3,
      tag_list_2: [unusedBox.tag_id],
    });
    expectError(await deleteTags(owner.client, channelId, { tag_ids: [used.tag_id] }), 'E-710');
    expectOk(await deleteTags(owner.client, channelId, { tag_ids: [unusedBox.tag_id] }));
    expectOk(await owner.client.post(url(), { sendlist_ids: [saved.sendlist_id] }, { method: 'DELETE' }));
    expectOk(await deleteTags(owner.client, channelId, { tag_ids: [used.tag_id] }));
  });

  it('names each send list that uses each chosen tag, in ja and en, and deletes none of the chosen', async () => {
    const regular = await createTag(owner.client, channelId, '常連のタグ');
    const vip = await createTag(owner.client, channelId, 'VIPのタグ');
    const free = await createTag(owner.client, channelId, '未使用のタグ');
    await create({ sendlist_name: '週末のお客さま', tag_list_1: [regular.tag_id] });
    await create({
      sendlist_name: 'VIPと常連',
      tag_list_1: [regular.tag_id],
      box_filter_2: 0,
      tag_list_2: [vip.tag_id],
    });
    for (const locale of ['ja', 'en'] as const) {
      const res = await owner.client.post(
        tagUrl(),
        { tag_ids: [free.tag_id, regular.tag_id, vip.tag_id] },
        { method: 'DELETE', headers: { cookie: `lang=${locale}; sid=${owner.client.sid}` } },
      );
      const body = expectError(res, 'E-710', { locale });
      expect(body.errors?.map((e) => [e.field, e.values])).toEqual(
        [
          [`tag_ids.${regular.tag_id}`, ['VIPと常連', '週末のお客さま']],
          [`tag_ids.${vip.tag_id}`, ['VIPと常連']],
        ].sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
    }
    const left = (expectOk(await owner.client.get(tagUrl())).tags as Array<{ tag_id: number }>).map(
      (tag) => tag.tag_id,
    );
    expect(left).toEqual(expect.arrayContaining([free.tag_id, regular.tag_id, vip.tag_id]));
  });

  it('deleting a channel deletes its lists and their tags', async () => {
    const member = await registeredMember(t.app);
    const ch = await createChannel(member.client);
    const [tag] = await seedTags(t.ctx.db, ch.channel_id, ['t']);
    expectOk(await member.client.post(url('', ch.channel_id), list({ tag_list_1: [tag] })));
    expectOk(await member.client.delete(channelPath.one(ch.channel_id)));
    const rows = await t.ctx.db.kysely
      .selectFrom('sendlist_tags')
      .select('tag_id')
      .where('channel_id', '=', ch.channel_id)
      .execute();
    const lists = await t.ctx.db.kysely
      .selectFrom('sendlists')
      .select('id')
      .where('channel_id', '=', ch.channel_id)
      .execute();
    expect({ rows, lists }).toEqual({ rows: [], lists: [] });
  });
});
