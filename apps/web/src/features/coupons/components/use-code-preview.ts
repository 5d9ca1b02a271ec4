import { COUPON_CODE_TYPES, COUPON_LIMITS } from '@qrqr/shared/coupon-constants';
import { janProblem } from '@qrqr/shared/jan';
import { useEffect, useState } from 'react';
import { previewCode } from '../api/preview-code';

/**
 * The QR code or JAN barcode of the code being typed, drawn by the server (the same renderer the
 * follower's coupon uses), a moment after typing stops and only for a code that passes its rule.
 */
export function useCodePreview(codeType: number, text: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  const value = text.trim();
  const ready =
    (codeType === COUPON_CODE_TYPES.qr &&
      value !== '' &&
      Array.from(value).length <= COUPON_LIMITS.qrCodeMax) ||
    (codeType === COUPON_CODE_TYPES.jan && janProblem(value) === null);
  useEffect(() => {
    if (!ready) {
      setImage(null);
      return undefined;
    }
    let stale = false;
    const timer = setTimeout(() => {
      previewCode(value, codeType === COUPON_CODE_TYPES.jan ? 2 : 1)
        .then((url) => {
          if (!stale) setImage(url);
        })
        // The preview is a help; a failure (rate limit, network) leaves the placeholder.
        .catch(() => undefined);
    }, 400);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [ready, value, codeType]);
  return ready ? image : null;
}
