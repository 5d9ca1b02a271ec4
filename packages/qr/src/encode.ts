import {
  DESIGN_LIMITS,
  EC_CAPACITY,
  type EcLevel,
  ecLevelOf,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import { encodeQR } from 'qr';

/** A QR symbol without its quiet zone: the renderers add `margin` cells themselves. */
export interface QrMatrix {
  size: number;
  version: number;
  /** row-major size*size, 1 = dark */
  modules: Uint8Array;
  ec: EcLevel;
}

/** The payload does not fit version 40 at its level in byte mode (2331 UTF-8 bytes at M). */
export class QrCapacityError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit = EC_CAPACITY.M,
    readonly ec: EcLevel = 'M',
  ) {
    super(`QR payload of ${bytes} bytes exceeds ${limit} bytes (version 40-${ec}, byte mode)`);
    this.name = 'QrCapacityError';
  }
}

export interface EncodeOptions {
  /** Error correction: M for plain codes, Q or H under a logo. */
  ec?: EcLevel;
  /** Draw at least this version (a logo needs room around it). */
  minVersion?: number;
}

const ECC = { M: 'medium', Q: 'quartile', H: 'high' } as const;
const utf8 = new TextEncoder();

/** UTF-8 byte mode, error correction M unless asked. Throws QrCapacityError past the level's capacity. */
export function encodeQr(payload: string, opts: EncodeOptions = {}): QrMatrix {
  const ec = opts.ec ?? 'M';
  const bytes = utf8.encode(payload);
  if (bytes.length > EC_CAPACITY[ec]) throw new QrCapacityError(bytes.length, EC_CAPACITY[ec], ec);
  // Byte mode always, even for digits-only text: the 2331-byte limit then means the same for every payload.
  // `qr` insists on a quiet zone of at least one module; we ask for one and cut it off below.
  const encode = (version?: number) =>
    encodeQR(payload, 'raw', {
      ecc: ECC[ec],
      encoding: 'byte',
      border: 1,
      version,
      textEncoder: () => bytes,
    });
  let rows = encode();
  if (opts.minVersion && (rows.length - 2 - 17) / 4 < opts.minVersion) rows = encode(opts.minVersion);
  const size = rows.length - 2;
  const modules = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    const row = rows[y + 1] as boolean[];
    const off = y * size;
    for (let x = 0; x < size; x++) if (row[x + 1]) modules[off + x] = 1;
  }
  return { size, version: (size - 17) / 4, modules, ec };
}

/** The symbol a design asks for: Q or H under a logo, and a version with room around it. */
export function encodeFor(payload: string, design?: QrDesign | null): QrMatrix {
  if (!design?.logo) return encodeQr(payload);
  return encodeQr(payload, { ec: ecLevelOf(design), minVersion: DESIGN_LIMITS.logoMinVersion });
}
