import { defineConfig } from 'vitest/config';

// The engines of engines/engine.ts (no import: the config loader takes no extensionless paths).
const ENGINES = ['chromium', 'firefox', 'webkit'];

/**
 * The cross-engine flows (engines/flows/*.flow.ts), one project per engine: `--project firefox`
 * runs one engine. An engine runs its files one at a time, in one worker that keeps its imported
 * modules, its server and its browsers from one file to the next (isolate: false, as in
 * vitest.config.ts); `npm test` runs the three engines side by side.
 */
export default defineConfig({
  test: {
    isolate: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 15_000 } },
    projects: ENGINES.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ['engines/flows/*.flow.ts'],
        // As in the Chromium flows: a member's screen arrives painted however busy the machine is,
        // and Chromium, measuring no speed, runs without its optimizing compilers (support/browser.ts).
        env: { E2E_ENGINE: engine, MEMBER_PAINT_DEADLINE_MS: '60000', E2E_JIT: 'baseline' },
        fileParallelism: false,
      },
    })),
  },
});
