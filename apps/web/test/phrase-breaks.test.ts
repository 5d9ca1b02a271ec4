import { describe, expect, it } from 'vitest';
import { markPhrases, PHRASE_BREAK } from '../phrase-breaks';
import { marksInTextOnly, phraseBreaksFor, withoutMarks } from '../src/lib/phrase-breaks';

const cuts = (text: string) => markPhrases(text).split(PHRASE_BREAK);

describe('phrase marks in Japanese texts', () => {
  it('cuts between phrases, never inside a word', () => {
    const parts = cuts('QRコードを読み取り、お店のチャネルをフォローしてください。');
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe('QRコードを読み取り、お店のチャネルをフォローしてください。');
    for (const word of ['読み取り', 'チャネル', 'フォロー', 'ください'])
      expect(
        parts.some((p) => p.includes(word)),
        word,
      ).toBe(true);
  });

  it('keeps placeholders whole and leaves short, English and marked texts alone', () => {
    const marked = markPhrases('{{name}} さんが「{{title}}」のアクセスログをあなたと共有しました。');
    expect(marked).toContain('{{name}}');
    expect(marked).toContain('{{title}}');
    expect(marked.replaceAll(PHRASE_BREAK, '')).toBe(
      '{{name}} さんが「{{title}}」のアクセスログをあなたと共有しました。',
    );
    expect(markPhrases('ログイン')).toBe('ログイン');
    expect(markPhrases('Scan a QR code with your camera')).toBe('Scan a QR code with your camera');
    expect(markPhrases(marked)).toBe(marked);
  });

  it('leaves the marks where the engine has no auto-phrase (Node has no CSS)', () => {
    const texts = { a: markPhrases('お会計の際にこの画面をお見せください') };
    expect(phraseBreaksFor(texts)).toEqual(texts);
    expect(texts.a).toContain(PHRASE_BREAK);
  });
});

describe("phrases of an operator's text, cut when it is shown", () => {
  it('cuts between phrases and gives the text back whole, line breaks and spaces included', async () => {
    const { segmentPhrases } = await import('../src/lib/phrase-segmenter');
    const text = '本日から全品10%引きです。\nご来店を　お待ちしております！ https://example.jp/a?b=c';
    const parts = segmentPhrases(text);
    expect(parts.join('')).toBe(text);
    expect(parts.length).toBeGreaterThan(3);
    for (const word of ['引きです', 'お待ちしております', 'https://example.jp/a?b=c'])
      expect(
        parts.some((p) => p.includes(word)),
        word,
      ).toBe(true);
  });

  it('leaves the text in one piece before the segmenter is loaded', async () => {
    const { phrasesOf } = await import('../src/cards/phrased');
    expect(phrasesOf('本日から全品10%引きです。')).toEqual(['本日から全品10%引きです。']);
  });
});

describe('phrase marks stay in the text shown', () => {
  it('takes them out of the server paint’s attributes, not its text', () => {
    const html = `<p aria-label="QRコードの${PHRASE_BREAK}作成" title="a${PHRASE_BREAK}b">QRコードの${PHRASE_BREAK}作成</p>`;
    expect(marksInTextOnly(html)).toBe(
      `<p aria-label="QRコードの作成" title="ab">QRコードの${PHRASE_BREAK}作成</p>`,
    );
  });

  it('takes them out of a title', () => {
    expect(withoutMarks(`QRコードの${PHRASE_BREAK}作成・管理と${PHRASE_BREAK}メッセージ配信`)).toBe(
      'QRコードの作成・管理とメッセージ配信',
    );
  });
});
