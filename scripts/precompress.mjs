import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Text the browser fetches as files; index.html is left out: the server renders it per request.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|wasm|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every text asset of
 * a finished build, once at build time, so the server only picks a file per request. A variant that
 * saves nothing is not written, and the server falls back to the plain file.
 */
export async function precompress(dir) {
  const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(files.map(compressFile));
}

async function compressFile(file) {
  const plain = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(plain, { level: 9 }),
  ]);
  if (br.length < plain.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < plain.length) await fs.writeFile(`${file}.gz`, gz);
}
