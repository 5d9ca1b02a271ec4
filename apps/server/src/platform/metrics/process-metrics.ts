import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/**
 * The process's memory and event-loop delay, read at scrape time. One delay monitor for the
 * process (tests build many apps in one), started by the first app that asks for it.
 */
let loopDelay: IntervalHistogram | undefined;

function eventLoopDelay(): IntervalHistogram {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
  }
  return loopDelay;
}

export function registerProcessMetrics(registry: Registry): void {
  const delay = eventLoopDelay();
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of the process.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_memory_bytes',
    help: 'V8 heap and memory outside it (external: buffers).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const m = process.memoryUsage();
      this.set({ kind: 'heap_used' }, m.heapUsed);
      this.set({ kind: 'heap_total' }, m.heapTotal);
      this.set({ kind: 'external' }, m.external);
      this.set({ kind: 'array_buffers' }, m.arrayBuffers);
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_delay_seconds',
    help: 'Event-loop delay since the previous scrape (p50, p99, max).',
    labelNames: ['stat'],
    registers: [registry],
    collect() {
      // Nothing measured yet reads as NaN: 0 says the same without breaking a sum.
      const s = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      this.set({ stat: 'p50' }, s(delay.percentile(50)));
      this.set({ stat: 'p99' }, s(delay.percentile(99)));
      this.set({ stat: 'max' }, s(delay.max));
      delay.reset();
    },
  });
}
