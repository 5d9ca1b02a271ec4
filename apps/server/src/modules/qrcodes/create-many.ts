import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { CreateQrBody } from '@qrqr/shared/qrcode-schemas';
import type { AppContext } from '../../platform/core/context';
import { createQrCode, versionOf, wifiBase } from './create';
import { checkRedirectTarget } from './redirect-target';

/**
 * What creating a code checks after its schema has passed, without writing: a redirect code may not
 * point to one of ours, and a plain code's payload must fit a symbol. Throws the create call's
 * AppError, so a bulk preview names the same field and rule.
 */
export function checkNewCode(ctx: Pick<AppContext, 'config'>, body: CreateQrBody): void {
  if (body.tab === QR_TABS.url && body.analysis_type === ANALYSIS_TYPES.redirect)
    checkRedirectTarget(ctx.config, body.url);
  // Redirect and secret codes hold a short address or token, which always fits.
  if (body.analysis_type !== ANALYSIS_TYPES.none) return;
  if (body.tab === QR_TABS.url) versionOf(body.url, 'url');
  else if (body.tab === QR_TABS.text) versionOf(body.text, 'text');
  else versionOf(wifiBase(body).plainPayload, 'password');
}

/**
 * Creates every code for the member in one transaction, each by the create call's own path: all
 * of them, or (on any failure) none. Returns the new ids in the bodies' order.
 */
export function createQrCodes(
  ctx: AppContext,
  input: { userId: string; bodies: readonly CreateQrBody[] },
): Promise<string[]> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // The create path writes through ctx.db; bound to the transaction, every insert joins it.
    const inTransaction: AppContext = { ...ctx, db: { ...ctx.db, kysely: trx, sqlite: undefined } };
    const ids: string[] = [];
    for (const body of input.bodies) {
      const row = await createQrCode(inTransaction, { owner: { userId: input.userId }, body });
      ids.push(row.id);
    }
    return ids;
  });
}
