import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import type { ServerModule } from '../../platform/core/server-module';
import { wifiReaderRoutes } from './reader-routes';
import { forgetVisitorsBefore, pagesOfCode } from './repository';
import { wifiRoutes } from './routes';

const HOUR = 3_600_000;

/**
 * The Wi-Fi welcome pages as app.ts mounts them: the member's calls, the guest's calls, the
 * warning before a linked code is deleted (`points.qrCodeUses`), and the hourly drop of yesterday's
 * unique-device rows.
 */
export function createWifiModule(ctx: AppContext): ServerModule {
  ctx.registry.register(points.qrCodeUses, ({ qrId, trx }) => pagesOfCode(ctx.db, qrId, Date.now(), trx));
  ctx.jobs.every('wifi.visitors', HOUR, () =>
    forgetVisitorsBefore(ctx.db, tokyoDate(Date.now() - 24 * HOUR)),
  );
  return { routes: [wifiRoutes(ctx), wifiReaderRoutes(ctx)] };
}
