/**
 * A/B tests of messages: the limits of a test, how its groups are sized and how a winner is judged.
 * Pure logic, shared by the server (validation, the sweep) and the editor (live group sizes).
 */
export const AB_TEST = {
  variantsMin: 2,
  variantsMax: 4,
  shareMin: 10,
  shareMax: 50,
  waitHoursMin: 1,
  waitHoursMax: 72,
  /** A group smaller than this cannot tell variants apart: the test is refused. */
  groupMin: 100,
  /** The sent tests of a range analytics lists (the newest). */
  listMax: 20,
} as const;

export const AB_METRICS = ['open', 'coupon'] as const;
export type AbMetric = (typeof AB_METRICS)[number];

/** What is sent when the best is not clearly better: variant A, the best anyway, or nothing (the operator is told). */
export const AB_FALLBACKS = ['variant_a', 'best', 'none'] as const;
export type AbFallback = (typeof AB_FALLBACKS)[number];

/** How a test was decided: a clear winner, a fallback, the operator's pick, or its message withdrawn. */
export const AB_DECISIONS = [
  'significant',
  'fallback_a',
  'fallback_best',
  'none',
  'manual',
  'withdrawn',
] as const;
export type AbDecision = (typeof AB_DECISIONS)[number];

/** A test's state: not sent yet, its groups have it and the winner is awaited, or the winner chosen. */
export const AB_STATES = ['draft', 'waiting', 'decided'] as const;
export type AbState = (typeof AB_STATES)[number];

/** Variant letters, by index. */
export const VARIANT_LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * Each group's size for an audience: the test share of it (rounded down), split into equal groups
 * (the remainder goes to the rest of the audience, who get the winner).
 */
export function groupSizeOf(audience: number, sharePercent: number, variants: number): number {
  if (variants <= 0) return 0;
  return Math.floor(Math.floor((audience * sharePercent) / 100) / variants);
}

/** The two-sided critical value of the standard normal at 95 %. */
export const Z_CRITICAL_95 = 1.959963984540054;

export interface ZTest {
  z: number;
  /** Two-sided p-value. */
  p: number;
  /** The best is clearly better than the runner-up at 95 %. */
  significant: boolean;
}

/**
 * The two-proportion z-test (pooled) of `x1` successes in `n1` against `x2` in `n2`. With no
 * variation at all (no trial, or both all or nothing) nothing can be told apart: z 0, p 1.
 */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): ZTest {
  if (n1 === 0 || n2 === 0) return { z: 0, p: 1, significant: false };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1, significant: false };
  const z = (x1 / n1 - x2 / n2) / se;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { z, p, significant: Math.abs(z) > Z_CRITICAL_95 };
}

/** Φ(x), by the complementary error function (Numerical Recipes' erfc, error below 1.2e-7). */
export function normalCdf(x: number): number {
  return 1 - 0.5 * erfc(x / Math.SQRT2);
}

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851499 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}
