import { lazyWithTimeout } from '../../../lib/lazy-with-timeout';

// The chart libraries load with the first chart the page draws, never with another page.
export const LazyDailyChart = lazyWithTimeout(() =>
  import('./charts').then((m) => ({ default: m.DailyChart })),
);
export const LazyRegionBars = lazyWithTimeout(() =>
  import('./charts').then((m) => ({ default: m.RegionBars })),
);
