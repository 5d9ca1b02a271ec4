import { deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** Real pictures made with sharp, for the upload tests. */

/** A photo-like gradient (so JPEG has something to compress) of the given size. */
export async function gradient(width: number, height: number, channels: 3 | 4 = 3): Promise<Sharp> {
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
      if (channels === 4) raw[i + 3] = x < width / 2 ? 255 : 80;
    }
  }
  return sharp(raw, { raw: { width, height, channels } });
}

export async function jpegBytes(width = 64, height = 48): Promise<Buffer> {
  return (await gradient(width, height)).jpeg().toBuffer();
}

export async function pngBytes(width = 64, height = 48, alpha = false): Promise<Buffer> {
  return (await gradient(width, height, alpha ? 4 : 3)).png().toBuffer();
}

export async function webpBytes(width = 64, height = 48): Promise<Buffer> {
  return (await gradient(width, height)).webp().toBuffer();
}

export async function gifBytes(width = 64, height = 48): Promise<Buffer> {
  return (await gradient(width, height)).gif().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/**
 * A real decompression bomb: a valid 1-bit greyscale PNG of side × side pixels, all black,
 * whose zeros deflate to a few dozen kilobytes.
 */
export function pngBomb(side: number): Buffer {
  return blackPng(side, side);
}

/** A valid 1-bit greyscale PNG of width × height, all black: a few kilobytes for millions of pixels. */
export function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = Math.ceil(width / 8) + 1; // filter byte + packed pixels
  const idat = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with the given files and fields, as a browser's form would send. */
export function multipartBody(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }
  >,
): { payload: Buffer; contentType: string } {
  const boundary = `----qrqrTest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
