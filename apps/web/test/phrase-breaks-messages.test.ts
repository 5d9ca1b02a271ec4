import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { markModuleTexts, PHRASE_BREAK } from '../phrase-breaks';
import { withoutMarks } from '../src/lib/phrase-breaks';

/**
 * The server's Japanese messages as the web build ships them (phrase-breaks.ts marks
 * @qrqr/shared/messages/ja*.ts): the real modules, marked, then run.
 */
const MESSAGES = fileURLToPath(new URL('../../../packages/shared/src/messages/', import.meta.url));
const FILES = ['ja.ts', 'ja-services.ts', 'ja-design.ts', 'ja-ab-tests.ts'];
const PLACEHOLDER = /\{\{[^}]*\}\}|\{[^}]*\}/g;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marked-messages-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Module = Record<string, unknown>;

/** One module's exports: as written (marked = false) or as the build marks it. */
async function load(file: string, marked: boolean): Promise<Module> {
  const source = fs.readFileSync(path.join(MESSAGES, file), 'utf8');
  const code = marked ? markModuleTexts(source, file) : source;
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const out = path.join(dir, `${marked ? 'marked' : 'plain'}-${file.replace(/\.ts$/, '.mjs')}`);
  fs.writeFileSync(out, js);
  return import(/* @vite-ignore */ pathToFileURL(out).href);
}

function strings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  return [];
}

describe.each(FILES)('the marked %s', (file) => {
  it('keeps every placeholder whole and comes back exact when Chromium drops the marks', async () => {
    const plain = await load(file, false);
    const marked = await load(file, true);
    // Chromium's drop is phraseBreaksFor's: the marks out of the texts as JSON.
    expect(JSON.parse(withoutMarks(JSON.stringify(marked)))).toEqual(JSON.parse(JSON.stringify(plain)));
    const pairs = new Map(strings(plain));
    for (const [at, text] of strings(marked)) {
      const original = pairs.get(at) ?? '';
      for (const placeholder of original.match(PLACEHOLDER) ?? []) expect(text, at).toContain(placeholder);
      expect(text.startsWith(PHRASE_BREAK) || text.endsWith(PHRASE_BREAK), at).toBe(false);
    }
  });
});

describe('marks in the shared messages', () => {
  it('cut the long Japanese ones between phrases, never inside a word or a range', async () => {
    const { ja } = (await load('ja.ts', true)) as { ja: { validation: Record<string, string> } };
    const { jaServices } = (await load('ja-services.ts', true)) as {
      jaServices: { validation: Record<string, string> };
    };
    const cap = jaServices.validation.frequency_cap_range ?? '';
    expect(cap.split(PHRASE_BREAK).length).toBeGreaterThan(3);
    for (const text of [cap, ja.validation.latitude_range ?? '', ja.validation.coupon_yen_range ?? '']) {
      const parts = text.split(PHRASE_BREAK);
      for (const whole of ['ください', '入力して', '指定して'].filter((w) => text.includes(w)))
        expect(
          parts.some((p) => p.includes(whole)),
          `${whole} in ${text}`,
        ).toBe(true);
      const range = /[-\d,]+〜[\d,]+/.exec(withoutMarks(text))?.[0] ?? '';
      expect(range.length, text).toBeGreaterThan(2);
      expect(
        parts.some((p) => p.includes(range)),
        `${range} in ${text}`,
      ).toBe(true);
    }
  });

  it('leave English and the module around the texts as they are', () => {
    const source = fs.readFileSync(path.join(MESSAGES, 'ja-ab-tests.ts'), 'utf8');
    const marked = markModuleTexts(source, 'ja-ab-tests.ts');
    expect(marked).not.toBe(source);
    expect(marked.replaceAll(PHRASE_BREAK, '').replace(/"([^"\\]*)"/g, "'$1'")).toBe(source);
    const english = fs.readFileSync(path.join(MESSAGES, 'en.ts'), 'utf8');
    expect(markModuleTexts(english, 'en.ts')).toBe(english);
  });
});
