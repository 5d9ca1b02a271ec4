import { nextQuietStart } from './push-finish';
import { type QuietHours, quietUntil } from './push-timing';

/**
 * Pushes of one channel in the push sweep's line: `pushes` of them joining it at `at` (Unix ms).
 * `before`: at the same moment, they go ahead of a new send (pushes already written and due then)
 * rather than behind it (a send reserved for that moment: which goes first is not known).
 */
export interface LineGroup {
  at: number;
  pushes: number;
  quiet: QuietHours;
  before: boolean;
}

/** Past this many steps the line is not worked out further (never reached by any real line). */
const MAX_STEPS = 100_000;

/**
 * How many of these groups' pushes the sweep sends ahead of a send whose pushes join the line at
 * `joinAt`, working the line off at `perSecond` from `now`, the earliest joined first, as the sweep
 * claims pushes by due time. A push claimed while its channel's quiet hours run waits for their
 * end (it joins again then), and a channel's pushes still going when they begin wait likewise: so
 * those of a channel quiet at `joinAt`, or going quiet before the sweep reaches them, go behind the
 * send, not ahead of it.
 */
export function pushesAheadInLine(
  groups: readonly LineGroup[],
  input: { now: number; joinAt: number; perSecond: number },
): number {
  const { now, joinAt } = input;
  const perMs = input.perSecond / 1000;
  // Without a rate no line is worked off (the projection then answers no finish).
  if (!(perMs > 0)) return 0;
  const line = groups.filter((g) => g.pushes > 0).map((g) => ({ ...g }));
  // Until the send joins: the line as it will be worked off by then.
  const left = work(line, now, joinAt, perMs);
  // From then on, only the pushes ahead of it: each until it is sent, or its channel goes quiet
  // and what is left of it waits behind the send.
  let at = joinAt;
  let ahead = 0;
  // `left` is in join order already.
  for (const g of left.filter((g) => joinsAhead(g, joinAt))) {
    if (quietUntil(g.quiet, at) !== null) continue;
    const pause = nextQuietStart(g.quiet, at);
    const sent = pause === null ? g.pushes : Math.min(g.pushes, (pause - at) * perMs);
    ahead += sent;
    at += sent / perMs;
  }
  return ahead;
}

const joinsAhead = (g: LineGroup, joinAt: number) => g.at < joinAt || (g.at === joinAt && g.before);

const byJoin = (a: LineGroup, b: LineGroup) => a.at - b.at || Number(b.before) - Number(a.before);

/**
 * Works the line off from `from` to `until`: the earliest joined group first; a group whose channel
 * is quiet when reached, or goes quiet while pushed, joins again at the quiet end. Changes the
 * groups in place; answers those with pushes left at `until`.
 */
function work(groups: LineGroup[], from: number, until: number, perMs: number): LineGroup[] {
  const line = groups.sort(byJoin);
  let at = from;
  for (let step = 0; step < MAX_STEPS && line.length > 0; step++) {
    const first = line[0] as LineGroup;
    if (first.at > at) at = first.at;
    if (at >= until) break;
    const quietEnd = quietUntil(first.quiet, at);
    const pause = quietEnd === null ? nextQuietStart(first.quiet, at) : null;
    const stop = Math.min(until, pause ?? Number.POSITIVE_INFINITY);
    if (quietEnd === null && first.pushes <= (stop - at) * perMs) {
      at += first.pushes / perMs;
      line.shift();
      continue;
    }
    if (quietEnd === null) {
      first.pushes -= (stop - at) * perMs;
      at = stop;
      if (stop === until) break;
    }
    // Its channel is quiet (or just went quiet): the rest joins again at the quiet end.
    line.shift();
    first.at = quietEnd ?? quietUntil(first.quiet, at) ?? at;
    line.splice(insertAt(line, first), 0, first);
  }
  return line;
}

/** Where a group goes in a line kept in join order (after those joined at the same moment). */
function insertAt(line: readonly LineGroup[], group: LineGroup): number {
  let lo = 0;
  let hi = line.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byJoin(line[mid] as LineGroup, group) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
