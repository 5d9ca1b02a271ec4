import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Text the browser fetches as files; index.html is left out: the server renders it per request.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|wasm|webmanifest)$/;

const VARIANTS = [
  {
    ext: 'br',
    library: `brotli ${process.versions.brotli}`,
    options: (plain) => ({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    compress: promisify(zlib.brotliCompress),
    decompress: zlib.brotliDecompressSync,
  },
  {
    ext: 'gz',
    library: `zlib ${process.versions.zlib}`,
    options: () => ({ level: 9 }),
    compress: promisify(zlib.gzip),
    decompress: zlib.gunzipSync,
  },
];

// Brotli at its best quality is most of a web build's CPU, and a build mostly repeats the assets of
// the one before (the CI and the tests build several times, `npm start` rebuilds on every change),
// so compressed outputs are kept by a hash of the plain content and of the settings and library
// that made them. An entry is used only when it decompresses to the plain content; any other entry
// is compressed again. Entries not used for CACHE_DAYS go, and the oldest beyond CACHE_BYTES.
const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/qrqr-precompress/', import.meta.url));
const CACHE_DAYS = 14;
const CACHE_BYTES = 200 * 1024 * 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every text asset of
 * a finished build, once at build time, so the server only picks a file per request. A variant that
 * saves nothing is not written, and the server falls back to the plain file.
 */
export async function precompress(dir) {
  const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await fs.mkdir(CACHE_DIR, { recursive: true }).catch(() => {});
  await Promise.all(files.map(compressFile));
  await pruneCache().catch(() => {});
}

async function compressFile(file) {
  const plain = await fs.readFile(file);
  await Promise.all(
    VARIANTS.map(async (variant) => {
      const packed = await compressCached(variant, plain);
      if (packed.length < plain.length) await fs.writeFile(`${file}.${variant.ext}`, packed);
    }),
  );
}

async function compressCached({ ext, library, options, compress, decompress }, plain) {
  const key = createHash('sha256')
    .update(JSON.stringify([ext, library, options(plain)]))
    .update(plain)
    .digest('hex');
  const entry = path.join(CACHE_DIR, `${key}.${ext}`);
  try {
    const packed = await fs.readFile(entry);
    if (decompress(packed).equals(plain)) {
      const now = new Date();
      await fs.utimes(entry, now, now).catch(() => {});
      return packed;
    }
  } catch {
    // Missing or corrupt: compressed again below.
  }
  const packed = await compress(plain, options(plain));
  // Builds run at once (the tests' workers): a whole file is renamed into place, never half written.
  const temp = path.join(CACHE_DIR, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fs.writeFile(temp, packed);
    await fs.rename(temp, entry);
  } catch {
    await fs.rm(temp, { force: true });
  }
  return packed;
}

/** Keeps the entries used within CACHE_DAYS, newest first, up to CACHE_BYTES in all. */
async function pruneCache() {
  const entries = [];
  for (const name of await fs.readdir(CACHE_DIR)) {
    const stat = await fs.stat(path.join(CACHE_DIR, name)).catch(() => undefined);
    if (stat) entries.push({ name, mtime: stat.mtimeMs, size: stat.size });
  }
  entries.sort((a, b) => b.mtime - a.mtime);
  let total = 0;
  for (const { name, mtime, size } of entries) {
    total += size;
    if (total > CACHE_BYTES || Date.now() - mtime > CACHE_DAYS * 24 * 60 * 60 * 1000)
      await fs.rm(path.join(CACHE_DIR, name), { force: true });
  }
}
