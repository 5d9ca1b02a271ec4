import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../platform/http/errors';

/** How long an export waits before asking the render gate again. */
const RETRY_MS = 200;

/**
 * Runs one render of a long export through the render gate, waiting its turn when the gate's queue
 * is full (E-503) instead of failing an answer already under way; the single downloads around it
 * keep their turns, as the export takes one slot per image, never a slot for its whole length.
 */
export async function renderPatiently<T>(render: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    try {
      return await render();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'E-503')) throw error;
      await sleep(RETRY_MS, undefined, { signal });
    }
  }
}
