import { renderImage } from '@qrqr/qr/node';
import { COUPON_CODE_TYPES } from '@qrqr/shared/coupon-constants';
import { janProblem } from '@qrqr/shared/jan';
import bwipjs from 'bwip-js/node';
import type { AppContext } from '../../platform/core/context';

/** Pixels per QR module: a 64-character code (version 4, 33 modules) comes out about 330 px wide. */
const QR_CELL = 8;
/** Pixels per barcode module (EAN-13 is 95 modules wide, plus its quiet zones). */
const JAN_SCALE = 3;

/**
 * The code of a coupon as a follower's phone shows it at the till: a QR code (packages/qr, four
 * modules of quiet zone) or a JAN/EAN-13 barcode (bwip-js, with its digits under the bars, white
 * background and the standard quiet zones: 11 modules left, 7 right, marked with guard signs).
 * Drawn through the image gate.
 */
export async function renderCouponCode(
  ctx: Pick<AppContext, 'renders'>,
  input: { codeType: number; code: string; signal?: AbortSignal },
): Promise<Buffer> {
  const { codeType, code } = input;
  if (codeType === COUPON_CODE_TYPES.qr) {
    return ctx.renders.run(
      async () => (await renderImage(code, { format: 1, cellSize: QR_CELL, margin: 4, dpi: 300 })).body,
      input.signal,
    );
  }
  if (codeType === COUPON_CODE_TYPES.jan && janProblem(code) === null) {
    return ctx.renders.run(
      () =>
        bwipjs.toBuffer({
          bcid: 'ean13',
          text: code,
          scale: JAN_SCALE,
          height: 20,
          includetext: true,
          guardwhitespace: true,
          backgroundcolor: 'FFFFFF',
          // Around the symbol and its guard signs, so the bars never touch the picture's edge.
          paddingwidth: 4,
          paddingheight: 4,
        }),
      input.signal,
    );
  }
  throw new Error(`coupon code type ${codeType} has no image`);
}
