/**
 * The file a data URL holds (the coupon picture control reads the chosen file into one for its
 * preview; the Wi-Fi upload path takes the file itself). Decoded here rather than fetched, as the
 * page's CSP need not allow `data:` for fetch.
 */
export function dataUrlFile(dataUrl: string, name: string): File | null {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const type = match[1] ?? 'application/octet-stream';
  const payload = match[3] ?? '';
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    if (match[2]) {
      const binary = atob(payload);
      bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    } else {
      bytes = new Uint8Array(new TextEncoder().encode(decodeURIComponent(payload)));
    }
  } catch {
    return null;
  }
  return new File([bytes], name, { type });
}
