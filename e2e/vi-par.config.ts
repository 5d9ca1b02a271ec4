import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';
export default mergeConfig(base, { test: { fileParallelism: true, maxWorkers: 3 } });
