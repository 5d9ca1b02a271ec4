import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// The reader's wasm comes from node_modules, never from a CDN.
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({
  overrides: {
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
  },
});

export interface Decoded {
  /** The payload as UTF-8 text (byte mode, read back from the raw bytes). */
  text: string;
  bytes: Uint8Array;
  /** What the reader saw: error-correction level ('M') and version ('1'…'40'). */
  ecLevel: string;
  version: string;
  width: number;
  height: number;
}

/** Pixel size from a PNG's IHDR or a baseline/progressive JPEG's SOF marker. */
export function imageSize(file: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (view.readUInt32BE(0) === 0x89504e47)
    return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
  for (let i = 2; i < view.length; ) {
    const marker = view.readUInt16BE(i);
    if (marker === 0xffc0 || marker === 0xffc2)
      return { height: view.readUInt16BE(i + 5), width: view.readUInt16BE(i + 7) };
    i += 2 + view.readUInt16BE(i + 2);
  }
  throw new Error('not a PNG or JPEG');
}

/** Decodes the one QR code in a PNG or JPEG file; fails unless exactly one valid code is found. */
export async function decodeImage(file: Uint8Array): Promise<Decoded> {
  const results = await readBarcodes(new Uint8Array(file), {
    formats: ['QRCode'],
    characterSet: 'UTF8',
    tryHarder: true,
  });
  if (results.length !== 1 || !results[0]?.isValid)
    throw new Error(`expected one QR code, read ${results.length}`);
  const { bytes, ecLevel, version } = results[0];
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  return { text, bytes, ecLevel, version, ...imageSize(file) };
}

/** Rasterises an SVG with resvg (no system fonts loaded: our text is paths) and decodes it. */
export function decodeSvg(svg: string): Promise<Decoded> {
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  return decodeImage(png);
}

/** Renders an EPS with Ghostscript at `dpi`, cropped to its bounding box, and decodes it. */
export function rasteriseEps(eps: string, dpi: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'qr-eps-'));
  try {
    const file = join(dir, 'code.eps');
    writeFileSync(file, eps);
    return execFileSync(
      'gs',
      [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-dEPSCrop',
        '-sDEVICE=pnggray',
        `-r${dpi}`,
        '-sOutputFile=-',
        file,
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function decodeEps(eps: string, dpi: number): Promise<Decoded> {
  return decodeImage(rasteriseEps(eps, dpi));
}

/** The numbers of a DSC comment such as %%HiResBoundingBox. */
export function dscNumbers(eps: string, key: string): number[] {
  const line = eps.split('\n').find((l) => l.startsWith(`%%${key}:`));
  if (!line) throw new Error(`no %%${key}`);
  return line
    .slice(key.length + 3)
    .trim()
    .split(/\s+/)
    .map(Number);
}
