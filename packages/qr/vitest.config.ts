import { defineConfig } from 'vitest/config';

// Decoding large images with a wasm reader and Ghostscript takes seconds on a shared machine.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } });
