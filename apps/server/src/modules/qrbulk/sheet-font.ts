import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/** What PDFDocument.registerFontkit takes. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * Noto Sans JP Regular (SIL OFL) from its npm package, never a system path: the sheet's titles in
 * Japanese and English. Each PDF embeds only the glyphs its titles use (a subset).
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf';

let loaded: Promise<{ bytes: Buffer; fontkit: Fontkit }> | undefined;

/**
 * The font's bytes and a fontkit that hands every PDF the same parsed font: parsing the 5.5 MB
 * file takes 100–300 ms of the event loop, so it is done once a process, at the first sheet.
 */
export function sheetFont(): Promise<{ bytes: Buffer; fontkit: Fontkit }> {
  loaded ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).then(
    (bytes) => {
      const font = fontkit.create(bytes);
      return { bytes, fontkit: { create: () => font } };
    },
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
