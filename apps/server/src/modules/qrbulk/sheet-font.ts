import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Noto Sans JP Regular (SIL OFL) from its npm package, never a system path: the sheet's titles in
 * Japanese and English. Read once; each PDF embeds only the glyphs its titles use (a subset).
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf';

let fontBytes: Promise<Buffer> | undefined;

export function sheetFontBytes(): Promise<Buffer> {
  fontBytes ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).catch((error: unknown) => {
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}
