import { type AbMetric, twoProportionZ, VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbVerdict } from '@qrqr/shared/ab-test-schemas';
import type { PartFigures } from './ab-test-repository';

/**
 * The judgement of a test: each variant's rate (opens, or coupon users, per delivery), the best
 * (ties to the earlier letter) and the runner-up, and the two-proportion z-test between them at
 * 95 %. Fewer than two variants with a delivery cannot be compared: no verdict.
 */
export function judge(metric: AbMetric, figures: readonly PartFigures[]): AbVerdict | null {
  const ranked = figures
    .map((f, variant) => ({ variant, n: f.delivered, x: metric === 'open' ? f.opened : f.couponUsed }))
    .sort((a, b) => rateOf(b) - rateOf(a) || a.variant - b.variant);
  const [best, runnerUp] = ranked;
  if (!best || !runnerUp) return null;
  const test = twoProportionZ(best.x, best.n, runnerUp.x, runnerUp.n);
  return {
    metric,
    best: VARIANT_LETTERS[best.variant] ?? 'A',
    runner_up: VARIANT_LETTERS[runnerUp.variant] ?? 'B',
    z: test.z,
    p: test.p,
    significant: test.significant && best.n > 0 && runnerUp.n > 0,
  };
}

const rateOf = (v: { n: number; x: number }) => (v.n === 0 ? -1 : v.x / v.n);
