import { analyticsSwitch } from '@qrqr/shared/analytics-switch';
import type { AnalyticsUpdateBody } from '@qrqr/shared/analytics-switch-schemas';
import type { QrCodeRow } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { memberViewer, requireAccess } from '../sharing/lookup';
import type { QrContext } from './context';
import { staleRedirect } from './redirect-cache';
import { updateQrCode } from './repository';

/**
 * Turns counting on or off where the printed code stays valid (rules in @qrqr/shared
 * analytics-switch.ts); a switch that would need a new printed code is refused with E-203/E-204.
 */
export async function updateAnalytics(
  ctx: QrContext,
  input: { userId: string } & AnalyticsUpdateBody,
): Promise<QrCodeRow> {
  // Whether reads are counted is the owner's decision (not a share permission).
  const { code } = await requireAccess(ctx, memberViewer(input.userId), input.id, 'owner');
  const result = analyticsSwitch(code.analysis_type, input);
  if ('refused' in result) throw new AppError(result.refused);
  const paused = result.paused ? 1 : 0;
  if (paused === code.analytics_paused) return code;
  await updateQrCode(ctx.db, code.id, { analytics_paused: paused });
  // /r/ caches whether a code counts.
  staleRedirect(ctx, code.short_code);
  return { ...code, analytics_paused: paused };
}
