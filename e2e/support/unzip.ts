import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** The entry's bytes: decompressed, or with `raw` as the archive holds them. */
  data: Buffer;
}

/**
 * The entries of a ZIP file, read by an independent reader (yauzl). With `raw`, a deflated
 * entry's bytes are left compressed, for a test that inflates them itself.
 */
export function zipEntries(bytes: Buffer, { raw = false } = {}): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        // yauzl accepts `decompress: false` only for a deflated entry; a stored one is its data.
        const options = raw && entry.compressionMethod !== 0 ? { decompress: false as const } : {};
        zip.openReadStream(entry, options, (e, stream) => {
          if (e || !stream) return reject(e);
          stream.on('error', reject);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            if (raw && data.length !== entry.compressedSize)
              return reject(
                new Error(
                  `${entry.fileName}: ${data.length} bytes, the archive says ${entry.compressedSize}`,
                ),
              );
            entries.push({ name: entry.fileName, method: entry.compressionMethod, data });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}
