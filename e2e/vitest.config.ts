import { defineConfig } from 'vitest/config';

// One Chromium, one server per file; the flows are long, so the limits are generous.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
