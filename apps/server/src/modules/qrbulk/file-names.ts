/** Names Windows refuses for a file whatever its extension (CON, CON.png, com1.jpg …). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Characters Windows or macOS refuse or misread in a name, and control and format characters. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu;
/** Code points of a name before its suffix and extension: far inside every file system's 255. */
const MAX_STEM = 80;

/**
 * A title as a file name on Windows and macOS: NFC (macOS keeps what it is given; a decomposed
 * name would look doubled in a listing), reserved characters as `_`, no leading or trailing
 * dots or spaces, Windows' reserved device names prefixed, at most 80 code points. Japanese stays.
 */
export function safeStem(title: string, fallback: string): string {
  const cleaned = Array.from(
    title
      .normalize('NFC')
      .replace(UNSAFE, '_')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
  )
    .slice(0, MAX_STEM)
    .join('')
    .replace(/[\s.]+$/g, '');
  if (cleaned === '' || /^_+$/.test(cleaned)) return fallback;
  // Windows reads "CON.txt" or "con .png" as the device too: the part before the first dot decides.
  const device = cleaned.split('.')[0]?.trim() ?? '';
  return WINDOWS_RESERVED.test(device) ? `_${cleaned}` : cleaned;
}

/**
 * Gives each file a name no other in the archive has, compared as Windows and macOS compare
 * (case-insensitive, NFC): the second "メニュー.png" becomes "メニュー (2).png".
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  name(stem: string, extension: string): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? `${stem}.${extension}` : `${stem} (${n}).${extension}`;
      const key = candidate.normalize('NFC').toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}
