import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared = false;

/** zxing's reader with its wasm read from node_modules (never fetched over the network). */
function prepare(): void {
  if (prepared) return;
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const wasmBinary = new Uint8Array(fs.readFileSync(wasmPath)).buffer;
  prepareZXingModule({ overrides: { wasmBinary } });
  prepared = true;
}

/** The texts of the codes of one format found in a PNG, as a scanner app would read them. */
export async function decodeCodes(png: Uint8Array, format: 'QRCode' | 'EAN13'): Promise<string[]> {
  prepare();
  const results = await readBarcodes(png, { formats: [format], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
