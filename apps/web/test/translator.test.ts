import { describe, expect, it } from 'vitest';
import { Translator } from '../src/lib/translator';

function texts(): Translator {
  const i18n = new Translator('ja');
  i18n.addResourceBundle('ja', 'common', { hello: 'こんにちは、{{name}}さん', only_ja: '日本語だけ' });
  i18n.addResourceBundle('en', 'common', { hello: 'Hello, {{name}}' });
  i18n.addResourceBundle('ja', 'qrcode', { reads_other: '{{count}}回', card: { title: 'タイトル' } });
  i18n.addResourceBundle('en', 'qrcode', {
    reads_one: '{{count}} read',
    reads_other: '{{count}} reads',
    card: { title: 'Title' },
  });
  i18n.addResourceBundle('en', 'readlog', { range: 'Range', nested: { deep: '{{a.b}} deep' } });
  return i18n;
}

describe('the translator', () => {
  it('fills values in the current language, and follows a language change', async () => {
    const i18n = texts();
    const t = i18n.fixedT(['common']);
    expect(t('hello', { name: '山田' })).toBe('こんにちは、山田さん');
    let told = 0;
    i18n.subscribe(() => told++);
    await i18n.changeLanguage('en');
    expect(told).toBe(1);
    expect(i18n.language).toBe('en');
    expect(i18n.fixedT(['common'])('hello', { name: 'Yamada' })).toBe('Hello, Yamada');
    // A new `t` after the change (an effect depending on it runs again); the same one before.
    expect(i18n.fixedT(['common'])).not.toBe(t);
    expect(i18n.fixedT(['common'])).toBe(i18n.fixedT(['common']));
  });

  it('chooses plurals by the language’s rules', async () => {
    const i18n = texts();
    expect(i18n.fixedT(['qrcode'])('reads', { count: 1 })).toBe('1回');
    await i18n.changeLanguage('en');
    const t = i18n.fixedT(['qrcode']);
    expect(t('reads', { count: 1 })).toBe('1 read');
    expect(t('reads', { count: 0 })).toBe('0 reads');
    expect(t('reads', { count: 1234 })).toBe('1234 reads');
  });

  it('reads "ns:key", a key prefix, and the namespaces after the first', async () => {
    const i18n = texts();
    await i18n.changeLanguage('en');
    expect(i18n.fixedT(['common'])('qrcode:card.title')).toBe('Title');
    expect(i18n.fixedT(['qrcode'], 'card')('title')).toBe('Title');
    expect(i18n.fixedT(['readlog', 'qrcode'])('card.title')).toBe('Title');
    expect(i18n.fixedT(['readlog'])('nested.deep', { a: { b: 'very' } })).toBe('very deep');
  });

  it('falls back to Japanese, then to the key itself', async () => {
    const i18n = texts();
    await i18n.changeLanguage('en');
    const t = i18n.fixedT(['common']);
    expect(t('only_ja')).toBe('日本語だけ');
    expect(t('nowhere.at_all')).toBe('nowhere.at_all');
    expect(i18n.exists('common:only_ja')).toBe(true);
    expect(i18n.exists('common:nowhere')).toBe(false);
    expect(t('hello')).toBe('Hello, {{name}}');
  });

  it('merges texts into a namespace when asked, replaces them otherwise', () => {
    const i18n = texts();
    i18n.addResourceBundle('ja', 'qrcode', { card: { more: '追加' } }, true);
    const t = i18n.fixedT(['qrcode']);
    expect(t('card.title')).toBe('タイトル');
    expect(t('card.more')).toBe('追加');
    i18n.addResourceBundle('ja', 'qrcode', { card: { more: '置換' } });
    expect(t('card.title')).toBe('card.title');
    expect(i18n.hasResourceBundle('ja', 'qrcode')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'tags')).toBe(false);
  });

  it('shows another language from the same texts without changing its own', () => {
    const i18n = texts();
    const english = i18n.forLanguage('en');
    expect(english.fixedT(['common'])('hello', { name: 'A' })).toBe('Hello, A');
    expect(i18n.language).toBe('ja');
    i18n.addResourceBundle('en', 'tags', { x: 'shared' });
    expect(english.hasResourceBundle('en', 'tags')).toBe(true);
  });
});
