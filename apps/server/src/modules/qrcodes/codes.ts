import { randomBytes } from 'node:crypto';
import { QR_LIMITS } from '@qrqr/shared/qr-constants';

/** Unguessable identifiers of codes: ids, short codes of /r/ and secret tokens. */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62: bytes of 248 and above are dropped, so no letter is likelier than another. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** `qr_data_id`: 16 characters, about 95 bits. */
export const newQrId = () => randomBase62(16);

/** What `/r/{code}` carries: 8 characters (62^8 ≈ 2·10^14) keep the printed URL short. */
export const SHORT_CODE_LENGTH = 8;
export const newShortCode = () => randomBase62(SHORT_CODE_LENGTH);
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{7,16}$/;

/** A secret code holds a scheme prefix and 9 random bytes; only our reader resolves it. */
export const SECRET_PREFIX = 'QRQR:';
export const newSecretToken = () => SECRET_PREFIX + randomBytes(QR_LIMITS.secretBytes).toString('base64url');
