/**
 * The followers the channel benchmarks seed (bench:sendlist, bench:operator-load): the same seeded
 * numbers every run, so both databases and both benches see the same channel.
 */

/** A small seeded generator. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Each follower gets 0 to 8 of `tags` tags (by index); lower-numbered tags are more popular (weight
 * 1/(i+1)^0.8), so filters mix tags a third of the channel has with tags a few hundred have.
 */
export function followerTagIndexes(followers: number, tags: number): number[][] {
  const random = rng(20261123);
  const weights = Array.from({ length: tags }, (_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = random() * total;
    for (let i = 0; i < tags; i++) {
      r -= weights[i] as number;
      if (r <= 0) return i;
    }
    return tags - 1;
  };
  return Array.from({ length: followers }, () => {
    const n = Math.floor(random() * 9);
    const set = new Set<number>();
    while (set.size < n) set.add(pick());
    return [...set];
  });
}

export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}
