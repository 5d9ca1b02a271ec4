import type { AppContext } from '../../platform/core/context';
import type { ServerModule } from '../../platform/core/server-module';
import { couponPreviewRoutes, couponRoutes } from './routes';

/** Coupons: a channel's coupon library, and the preview of a coupon being written. */
export function createCouponsModule(ctx: AppContext): ServerModule {
  return { routes: [couponPreviewRoutes(ctx)], channelRoutes: [couponRoutes(ctx)] };
}
