import fs from 'node:fs';

/** What both render-burst cases measure while they load the server: health latency and RSS. */

export async function healthLatency(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/api/health`);
  await res.arrayBuffer();
  return performance.now() - t;
}

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Median, 90th percentile and maximum of latency samples, as one line. */
export function latencySummary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return `(${sorted.length} samples) median ${ms(pct(0.5))}, p90 ${ms(pct(0.9))}, max ${ms(sorted.at(-1) ?? 0)}`;
}

export function sleep(msec: number): Promise<void> {
  return new Promise((r) => setTimeout(r, msec));
}
export function ms(v: number): string {
  return `${Math.round(v)} ms`;
}
export function mb(v: number): string {
  return `${(v / 1e6).toFixed(1)} MB`;
}
