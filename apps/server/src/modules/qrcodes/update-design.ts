import type { QrDesign } from '@qrqr/shared/qr-design-constants';
import type { AppContext } from '../../platform/core/context';
import { asSeenBy, requireAccess } from '../sharing/lookup';
import { checkDesign } from './design';
import { ownLogoName, writeHoldingLogo } from './logo-hold';
import type { Viewer } from './repository';
import { type ListedQrCode, updateQrCode } from './repository';

/**
 * Dresses a code in a design, or takes it off (null): its owner only, a member or the guest whose
 * history holds it; anyone else gets 404. The printed content never changes, only how it is drawn.
 */
export async function updateDesign(
  ctx: AppContext,
  input: { viewer: Viewer; id: string; design: QrDesign | null },
): Promise<ListedQrCode> {
  const access = await requireAccess(ctx, input.viewer, input.id, 'owner');
  const { code } = access;
  const userId = code.user_id;
  await checkDesign(ctx, { userId, payload: code.payload, design: input.design });
  const design = input.design ? JSON.stringify(input.design) : null;
  const name = await ownLogoName(ctx, userId, input.design);
  await writeHoldingLogo(ctx, { userId, name }, (trx) => updateQrCode(ctx.db, code.id, { design }, trx));
  return asSeenBy(ctx, { ...access, code: { ...code, design } });
}
