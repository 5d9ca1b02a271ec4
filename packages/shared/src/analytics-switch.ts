import { ANALYSIS_TYPES, type AnalysisType } from './qr-constants';

/**
 * Turning a code's access analysis on or off, and its method, without reprinting it. What a
 * printed code holds never changes here:
 * - a code made without analysis holds its content itself (the URL, the text, the `WIFI:` text),
 *   so nothing passes through us and counting cannot start: a new code must be printed;
 * - a redirect code holds `{PUBLIC_URL}/r/{code}` and a secret code an opaque token, so their
 *   counting can stop and start again while the printed code keeps working;
 * - redirect and secret hold different things, so one never becomes the other.
 */

/** Why a switch is refused: the result code the server answers with. */
export const ANALYTICS_SWITCH_ERRORS = {
  /** A code without analysis cannot start counting. */
  needsNewCode: 'E-203',
  /** Redirect ↔ secret would change what the code holds. */
  methodFixed: 'E-204',
} as const;

export type AnalyticsSwitchRefusal = (typeof ANALYTICS_SWITCH_ERRORS)[keyof typeof ANALYTICS_SWITCH_ERRORS];

/**
 * The result of asking `held` (the method the printed code holds, its analysis_type) to count
 * (`analytics`) with `method`: the new paused flag, or why not. Asking a code to stop counting
 * with method 0 ("none") is the same as stopping it with its own method.
 */
export function analyticsSwitch(
  held: AnalysisType,
  wanted: { analytics: boolean; analytics_type: AnalysisType },
): { paused: boolean } | { refused: AnalyticsSwitchRefusal } {
  const method = wanted.analytics_type;
  if (method !== ANALYSIS_TYPES.none && method !== held) {
    return {
      refused:
        held === ANALYSIS_TYPES.none
          ? ANALYTICS_SWITCH_ERRORS.needsNewCode
          : ANALYTICS_SWITCH_ERRORS.methodFixed,
    };
  }
  if (!wanted.analytics) return { paused: held !== ANALYSIS_TYPES.none };
  if (held === ANALYSIS_TYPES.none) return { refused: ANALYTICS_SWITCH_ERRORS.needsNewCode };
  return { paused: false };
}
