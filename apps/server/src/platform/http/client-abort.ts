import type { FastifyReply, FastifyRequest } from 'fastify';

const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True when the client went away (closed the tab, lost the network) while we read its body or
 * wrote the answer: routine, not a fault of ours, so it is logged at debug, not as an error.
 */
export function isClientAbort(error: { code?: string; message?: string }, request: FastifyRequest): boolean {
  if (error.code && ABORT_CODES.has(error.code)) return true;
  if (error.message === 'aborted' || /premature close/i.test(error.message ?? '')) return true;
  // `aborted` is set only when the client closed the connection before the request ended.
  return request.raw.aborted === true;
}

/**
 * A signal that aborts when the client hangs up before its answer is written, so work queued for
 * it (a render waiting for its turn) can be dropped. The reason is a client abort, logged at debug.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished)
      controller.abort(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  });
  return controller.signal;
}
