import { lazyWithTimeout } from '../../../lib/lazy-with-timeout';

// The chart library loads with the first chart the screen draws, never with another screen.
export const LazyChannelChart = lazyWithTimeout(() =>
  import('./channel-chart').then((m) => ({ default: m.ChannelChart })),
);
