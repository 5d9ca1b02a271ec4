import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test process keeps its migrated template database (test/helpers/app.ts). */
    templateDir: string;
  }
}

/** One folder for the run's template databases, removed when the run ends. */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-templates-'));
  project.provide('templateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
