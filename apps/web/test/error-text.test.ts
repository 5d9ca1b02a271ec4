import { describe, expect, it } from 'vitest';
import { ruleText } from '../src/lib/error-text';
import { Translator } from '../src/lib/translator';

describe('a field error’s rule with its values', () => {
  it('is the reader’s language with each value in place, kept with the word before it', async () => {
    const i18n = new Translator('ja');
    i18n.addResourceBundle('ja', 'messages', {
      validation: { small: 'テスト配信の各グループが100人未満になります（現在 {0}人）' },
      design: { in_use: 'この画像は{0}件のQRコードのロゴに使われています' },
    });
    i18n.addResourceBundle('en', 'messages', {
      validation: { small: 'Each test group would have fewer than 100 followers (now {0})' },
    });
    const t = i18n.fixedT(['messages']);
    expect(ruleText(t, 'validation.small', ['37'])).toBe(
      'テスト配信の各グループが100人未満になります（現在\u00a037人）',
    );
    expect(ruleText(t, 'design.in_use', ['3'])).toBe('この画像は3件のQRコードのロゴに使われています');
    await i18n.changeLanguage('en');
    expect(ruleText(i18n.fixedT(['messages']), 'validation.small', ['37'])).toBe(
      'Each test group would have fewer than 100 followers (now\u00a037)',
    );
  });
});
