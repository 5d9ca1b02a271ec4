import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

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
  // fontkit and HarfBuzz load here, with the first sheet, not at every start of the server.
  loaded ??= Promise.all([
    readFile(createRequire(import.meta.url).resolve(FONT_FILE)),
    import('@pdf-lib/fontkit'),
    import('subset-font'),
  ]).then(
    ([bytes, { default: fontkit }, { default: subsetFont }]) => {
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
