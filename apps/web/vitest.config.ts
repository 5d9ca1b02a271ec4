import { defineConfig } from 'vitest/config';

// Unit tests of the web app's plain logic (no DOM, no React rendering); screens are tested in e2e/.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
