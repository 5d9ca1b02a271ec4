import { en, ja } from '@qrqr/shared/messages';
import { describe, expect, it } from 'vitest';
import settingsEn from '../src/locales/en/channel-settings.json';
import channelsEn from '../src/locales/en/channels.json';
import sendlistsEn from '../src/locales/en/sendlists.json';
import tagsEn from '../src/locales/en/tags.json';
import settingsJa from '../src/locales/ja/channel-settings.json';
import channelsJa from '../src/locales/ja/channels.json';
import sendlistsJa from '../src/locales/ja/sendlists.json';
import tagsJa from '../src/locales/ja/tags.json';

/**
 * A field's error names it as its label does (「ひとこと紹介」 → 「ひとこと紹介は54文字以内…」), in
 * every form of the channel area: creation, settings, tags and send lists. Each row is a label
 * (a path into the screen's locale file) and the validation messages of that field.
 */
const FIELDS: Array<
  [file: 'channels' | 'settings' | 'tags' | 'sendlists', label: string, messages: string[]]
> = [
  ['channels', 'create.name', ['channel_name_required', 'channel_name_too_long']],
  ['channels', 'create.user_type', ['channel_user_type']],
  ['channels', 'create.industry', ['industry_invalid']],
  ['channels', 'create.sub_industry', ['sub_industry_invalid']],
  ['settings', 'fields.channel_name', ['channel_name_required', 'channel_name_too_long']],
  ['settings', 'fields.channel_user_type', ['channel_user_type']],
  ['settings', 'fields.industry', ['industry_invalid']],
  ['settings', 'fields.sub_industry', ['sub_industry_invalid']],
  ['settings', 'fields.description_short', ['description_short_too_long']],
  ['settings', 'fields.description_long', ['description_long_too_long']],
  ['settings', 'fields.address', ['address_too_long']],
  ['settings', 'fields.description_route', ['description_route_too_long']],
  ['settings', 'fields.latitude', ['latitude_range']],
  ['settings', 'fields.longitude', ['longitude_range']],
  ['settings', 'fields.link_text', ['relation_link_text_required', 'relation_link_text_too_long']],
  ['settings', 'fields.link_url', ['relation_link_url_too_long']],
  ['settings', 'links', ['relation_links_too_many']],
  ['tags', 'form.name', ['tag_name_required', 'tag_name_too_long']],
  ['sendlists', 'edit.name', ['sendlist_name_required', 'sendlist_name_too_long']],
  ['sendlists', 'edit.mode', ['box_filter']],
  [
    'sendlists',
    'edit.tags',
    [
      'sendlist_tag_unknown',
      'sendlist_tags_too_many',
      'sendlist_box_1_tags_required',
      'sendlist_box_2_tags_required',
    ],
  ],
];

const LOCALES = {
  ja: {
    messages: ja.validation,
    channels: channelsJa,
    settings: settingsJa,
    tags: tagsJa,
    sendlists: sendlistsJa,
  },
  en: {
    messages: en.validation,
    channels: channelsEn,
    settings: settingsEn,
    tags: tagsEn,
    sendlists: sendlistsEn,
  },
};

const at = (file: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], file) as string;

/** A repeated field's label names its place too (「2番目のリンクの表示名」, "Link text 2"): the name is the rest. */
const nameOf = (label: string) =>
  label
    .replace(/\{\{n\}\}番目の|\s*\{\{n\}\}/g, '')
    .trim()
    .toLowerCase();

describe.each(Object.entries(LOCALES))('field names in %s', (_locale, files) => {
  it.each(FIELDS)('%s %s is named by its label in each of its messages', (file, label, keys) => {
    const name = nameOf(at(files[file], label));
    expect(name.length).toBeGreaterThan(0);
    for (const key of keys) {
      const message = (files.messages as Record<string, string>)[key];
      expect(message, key).toBeDefined();
      expect(message?.toLowerCase(), key).toContain(name);
    }
  });
});
