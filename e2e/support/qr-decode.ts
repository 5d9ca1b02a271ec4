import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared = false;

/** zxing's reader with its wasm read from node_modules (never fetched from a CDN). */
function prepare(): void {
  if (prepared) return;
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  // A copy, so the ArrayBuffer holds exactly the file (Node buffers may share a pool).
  const wasmBinary = new Uint8Array(fs.readFileSync(wasmPath)).buffer;
  prepareZXingModule({ overrides: { wasmBinary } });
  prepared = true;
}

/** The texts of the QR codes found in a PNG or JPEG file. */
export async function decodeQrImage(bytes: Uint8Array): Promise<string[]> {
  prepare();
  const results = await readBarcodes(bytes, { formats: ['QRCode'], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
