import { encodeQR } from 'qr';

/** A QR symbol without its quiet zone: the renderers add `margin` cells themselves. */
export interface QrMatrix {
  size: number;
  version: number;
  /** row-major size*size, 1 = dark */
  modules: Uint8Array;
}

/** The payload does not fit version 40-M in byte mode (2331 UTF-8 bytes). */
export class QrCapacityError extends Error {
  constructor(readonly bytes: number) {
    super(`QR payload of ${bytes} bytes exceeds ${MAX_BYTES} bytes (version 40-M, byte mode)`);
    this.name = 'QrCapacityError';
  }
}

const MAX_BYTES = 2331;
const utf8 = new TextEncoder();

/** UTF-8 byte mode, error correction M. Throws QrCapacityError past 2331 bytes. */
export function encodeQr(payload: string): QrMatrix {
  const bytes = utf8.encode(payload);
  if (bytes.length > MAX_BYTES) throw new QrCapacityError(bytes.length);
  // Byte mode always, even for digits-only text: the 2331-byte limit then means the same for every payload.
  // `qr` insists on a quiet zone of at least one module; we ask for one and cut it off below.
  const rows = encodeQR(payload, 'raw', {
    ecc: 'medium',
    encoding: 'byte',
    border: 1,
    textEncoder: () => bytes,
  });
  const size = rows.length - 2;
  const modules = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    const row = rows[y + 1] as boolean[];
    const off = y * size;
    for (let x = 0; x < size; x++) if (row[x + 1]) modules[off + x] = 1;
  }
  return { size, version: (size - 17) / 4, modules };
}
