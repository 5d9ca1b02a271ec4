import { defineConfig } from 'vitest/config';

/**
 * One Chromium and one server per test worker (support/server.ts, support/browser.ts), shared by
 * the files it runs one after another; the flows are long, so the limits are generous. The files
 * that measure paint and weight on the throttled phone profile run first, one at a time, on a calm
 * machine, each on a server of its own; the other files then run three at a time (each with its
 * own members, data and browser contexts). On the full Chromium three took as long as two for a
 * seventh more CPU; on the headless shell, which costs a third less, two left the cores a quarter
 * idle, and three took 434 s against 501 s for a twentieth more CPU.
 * A worker keeps the modules it imported from one file to the next (`isolate: false`): each file
 * keeps its state in its own module, and importing playwright-core and the helpers again cost
 * about a second a file (6 files: 9.1 -> 3.0 s of import).
 */
const MEASURED = [
  'first-answers.test.ts',
  'first-paint.test.ts',
  'first-visit-weight.test.ts',
  'screen-preloads.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 3,
    isolate: false,
    setupFiles: ['support/on-failure.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A screen appears as soon as its lazy chunk and first query land; on a loaded CI machine that
    // can take seconds, so polls wait longer than Vitest's 1 s default before they fail.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'measured',
          include: MEASURED,
          fileParallelism: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'flows',
          include: ['**/*.test.ts'],
          exclude: [...MEASURED, '**/node_modules/**'],
          maxWorkers: 3,
          // The flows check what a member's painted screen holds and how the app takes it over; a page
          // that waited past the deadline of a busy machine would go without it, so their servers wait.
          // They measure no speed, so Chromium's optimizing compilers are off (support/browser.ts).
          env: { MEMBER_PAINT_DEADLINE_MS: '60000', E2E_JIT: 'baseline' },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
