import { defineConfig } from 'vitest/config';

// One Chromium, one server per file; the flows are long, so the limits are generous.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A screen appears as soon as its lazy chunk and first query land; on a loaded CI machine that
    // can take seconds, so polls wait longer than Vitest's 1 s default before they fail.
    expect: { poll: { timeout: 10_000 } },
  },
});
