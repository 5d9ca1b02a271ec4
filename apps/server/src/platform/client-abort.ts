import type { FastifyRequest } from 'fastify';

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
