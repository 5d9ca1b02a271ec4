import type { AppContext } from '../../platform/core/context';

/**
 * DELIVERY_HOLD_MS (crash tests): a sweep's step has written its rows and keeps its transaction
 * open that long, after a log line naming the message and the step, so a test can kill the
 * process while the step is uncommitted.
 */
export async function holdIfAsked(
  ctx: AppContext,
  messageId: number,
  step: 'claim' | 'rest' | 'decide',
  deliveries: number,
): Promise<void> {
  const hold = ctx.config.DELIVERY_HOLD_MS;
  if (hold <= 0) return;
  ctx.log.warn(
    { message: messageId, step, deliveries },
    'delivery written, held before commit (DELIVERY_HOLD_MS)',
  );
  await new Promise((resolve) => setTimeout(resolve, hold));
}
