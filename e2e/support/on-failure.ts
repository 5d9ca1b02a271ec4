import { beforeEach } from 'vitest';
import { reportFailure } from './failure-report';

// Every flow that fails reports what its open pages showed (failure-report.ts).
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportFailure(task.name));
});
