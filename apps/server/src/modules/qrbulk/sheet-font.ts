import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import subsetFont from 'subset-font';

/**
 * Noto Sans JP Regular (SIL OFL) from its npm package, never a system path: the sheet's titles in
 * Japanese and English. Each PDF embeds a subset of only the characters its titles use, made by
 * HarfBuzz (pdf-lib's own subsetting drops some glyphs of this font: テ, ー, （ … printed as boxes).
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf';

export interface SheetTypeface {
  /** Width of `text` at `size` points, to fit a title under its code. */
  width(text: string, size: number): number;
  /** The font file holding just these characters, to embed whole. */
  subset(text: string): Promise<Uint8Array>;
}

let loaded: Promise<SheetTypeface> | undefined;

/** The typeface, read and parsed once a process (parsing the 5.5 MB file takes 100–300 ms). */
export function sheetTypeface(): Promise<SheetTypeface> {
  // Only the sheet thread imports this file (pdf-sheet-worker.ts), with its first sheet.
  loaded ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).then(
    (bytes) => {
      const font = fontkit.create(bytes);
      return {
        width: (text, size) => (font.layout(text).advanceWidth / font.unitsPerEm) * size,
        subset: (text) => subsetFont(bytes, text, { targetFormat: 'truetype' }),
      };
    },
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
