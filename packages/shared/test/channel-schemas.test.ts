import { describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS } from '../src/channel-constants';
import { createChannelBody, serviceRegisterBody, updateChannelBody } from '../src/channel-schemas';
import { translate } from '../src/messages/index';

const issueKey = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('channel bodies (length limits)', () => {
  it('counts characters as people see them: 20 emoji or kanji fit the channel name', () => {
    for (const unit of ['店', '☕', '👩']) {
      const name = unit.repeat(CHANNEL_LIMITS.nameMax);
      expect(issueKey(createChannelBody.safeParse({ channel_name: name, channel_user_type: 1 }))).toBeNull();
      expect(
        issueKey(createChannelBody.safeParse({ channel_name: `${name}${unit}`, channel_user_type: 1 })),
      ).toBe('validation.channel_name_too_long');
    }
  });

  it('reads the form-encoded numbers of the create form', () => {
    expect(
      createChannelBody.parse({
        channel_name: 'a',
        channel_user_type: '2',
        industory_id: '1',
        sub_industory_id: '',
      }),
    ).toEqual({ channel_name: 'a', channel_user_type: 2, industory_id: 1, sub_industory_id: null });
  });

  it('makes the user type individual when left out, and still checks one that is sent', () => {
    expect(createChannelBody.parse({ channel_name: 'a' })).toEqual({
      channel_name: 'a',
      channel_user_type: 1,
      industory_id: null,
      sub_industory_id: null,
    });
    for (const type of ['', '3', 0, 'company'])
      expect(issueKey(createChannelBody.safeParse({ channel_name: 'a', channel_user_type: type }))).toBe(
        'validation.channel_user_type',
      );
  });

  it('keeps fields left out of an update out of the result', () => {
    expect(updateChannelBody.parse({ description_short: ' 駅前 ' })).toEqual({ description_short: '駅前' });
  });

  it('requires the terms to be accepted', () => {
    expect(issueKey(serviceRegisterBody.safeParse({ terms_accepted: true }))).toBeNull();
    expect(issueKey(serviceRegisterBody.safeParse({ terms_accepted: 'on' }))).toBeNull();
    for (const body of [{}, { terms_accepted: false }, { terms_accepted: 'no' }]) {
      expect(issueKey(serviceRegisterBody.safeParse(body))).toBe('validation.terms_required');
    }
  });

  it('has a message in both languages for every channel rule', () => {
    const keys = [
      'channel_name_required',
      'channel_name_too_long',
      'channel_user_type',
      'industry_invalid',
      'sub_industry_invalid',
      'description_short_too_long',
      'description_long_too_long',
      'address_too_long',
      'description_route_too_long',
      'latitude_range',
      'longitude_range',
      'relation_link_text_required',
      'relation_link_text_too_long',
      'relation_link_url_too_long',
      'relation_links_too_many',
      'terms_required',
    ];
    for (const key of keys) {
      for (const locale of ['ja', 'en'] as const)
        expect(translate(`validation.${key}`, locale)).not.toBe(`validation.${key}`);
    }
  });
});
