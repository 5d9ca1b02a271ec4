import type { Dispatcher } from 'undici';

/** What one POST came to: the answer's status and Retry-After, or no answer (and why). */
export type Answer =
  | { status: number; retryAfter: string | string[] | undefined }
  | { status: null; closedSocket: boolean };

/** Bytes of a response body read at most; a push service answers a few bytes of JSON or nothing. */
const BODY_LIMIT = 4096;
const DEADLINE = new Error('push deadline passed');
const TOO_LONG = new Error('push answer body over the limit');

/**
 * Sends one POST on an undici dispatcher with a plain handler: `request()` made an AsyncResource,
 * a body stream and an AbortSignal.timeout per push, about a tenth of our CPU a push. The answer
 * is settled once: when the body has ended, or been cut past BODY_LIMIT (the connection is then
 * dropped rather than read), or at the deadline (the request aborted, whenever it has started).
 */
export function exchange(
  dispatcher: Dispatcher,
  request: { path: string; method: 'POST'; headers: string[]; body: Buffer },
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    dispatcher.dispatch(request, new Exchange(resolve, timeoutMs));
  });
}

class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private answer: Answer | null = null;
  private bytes = 0;
  private settled = false;
  private expired = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => this.expire(), timeoutMs);
    // Like AbortSignal.timeout: a pending deadline keeps no process alive.
    this.timer.unref();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.expired) controller.abort(DEADLINE);
  }

  onResponseStart(
    _c: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, unknown>,
  ): void {
    // 1xx are interim: the answer is the final status.
    if (statusCode >= 200)
      this.answer = {
        status: statusCode,
        retryAfter: headers['retry-after'] as string | string[] | undefined,
      };
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > BODY_LIMIT) controller.abort(TOO_LONG);
  }

  onResponseEnd(): void {
    this.settle();
  }

  onResponseError(_c: Dispatcher.DispatchController | undefined, err: Error): void {
    this.settle((err as { code?: string }).code === 'UND_ERR_SOCKET' && !this.expired);
  }

  private expire(): void {
    this.expired = true;
    this.settle();
    this.controller?.abort(DEADLINE);
  }

  private settle(closedSocket = false): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.resolve(this.answer ?? { status: null, closedSocket });
  }
}
