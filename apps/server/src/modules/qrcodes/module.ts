import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { registerCarryOver } from './carry-over';
import type { QrContext } from './context';
import { logoPictureRoutes } from './logo-routes';
import { ReadRecorder } from './read-recorder';
import { SALT_LIFETIME_MS } from './read-writer';
import { ThreadedRollupWriter } from './read-writer-thread';
import { REDIRECT_TOPIC, RedirectCache, staleRedirect } from './redirect-cache';
import { deleteOldReadSalts, memberShortCodes } from './repository';
import { deleteOldVisitors } from './rollup-writes';
import { qrcodeRoutes } from './routes';
import { scanFastPath } from './scan-fast-path';

/**
 * The QR manager as app.ts mounts it: its routes, the activation hook that carries guest codes
 * over, and the read buffer, whose interval app.ts starts and whose last flush runs on close.
 */
export function createQrCodesModule(ctx: AppContext) {
  const qctx: QrContext = {
    ...ctx,
    redirects: new RedirectCache(),
    reads: new ReadRecorder(
      new ThreadedRollupWriter({
        DATABASE_URL: ctx.config.DATABASE_URL,
        DATABASE_SCHEMA: ctx.config.DATABASE_SCHEMA,
        sqliteFile: ctx.config.sqliteFile,
      }),
      ctx.log,
    ),
  };
  // Every process drops a code's entry when any process changes that code.
  ctx.invalidations.subscribe(REDIRECT_TOPIC, (code) => qctx.redirects.invalidate(code));
  // Unsubscribing deletes the account's codes by cascade; their /r/ addresses answer 404 at once.
  ctx.registry.register(points.accountDeleting, async ({ userId }) => {
    const codes = await memberShortCodes(ctx.db, userId);
    return [
      () => {
        for (const code of codes) staleRedirect(ctx, code);
      },
    ];
  });
  registerCarryOver(ctx);
  // Without its daily key, a visitor hash can no longer be recomputed from an address.
  ctx.jobs.every('qrcodes.housekeeping', 3_600_000, () =>
    deleteOldReadSalts(ctx.db, Date.now() - SALT_LIFETIME_MS),
  );
  // A day's visitor hashes only serve that day's unique users (the rollups the writer keeps).
  ctx.jobs.every('qrcodes.visitor-housekeeping', 3_600_000, () =>
    deleteOldVisitors(ctx.db.kysely, Date.now() - SALT_LIFETIME_MS),
  );
  return {
    routes: [qrcodeRoutes(qctx), logoPictureRoutes(qctx)],
    reads: qctx.reads,
    redirects: qctx.redirects,
    scanFastPath: scanFastPath(qctx, ctx.config.TRUST_PROXY),
  };
}
