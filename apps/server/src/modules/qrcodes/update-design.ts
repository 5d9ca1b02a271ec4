import type { QrDesign } from '@qrqr/shared/qr-design-constants';
import type { AppContext } from '../../platform/core/context';
import { asSeenBy, requireAccess } from '../sharing/lookup';
import { checkDesign } from './design';
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
  await checkDesign(ctx, { userId: code.user_id, payload: code.payload, design: input.design });
  const design = input.design ? JSON.stringify(input.design) : null;
  await updateQrCode(ctx.db, code.id, { design });
  return asSeenBy(ctx, { ...access, code: { ...code, design } });
}
