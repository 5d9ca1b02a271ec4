import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import { CostlyWork, holdUntilAnswered } from '../media/costly-work';
import { isValid as hasCsrfProof } from './csrf';
import { AppError } from './errors';
import type { Sessions } from './session';

export interface UploadGateOptions {
  /** Upload bodies read at once, and how many more may wait (all members together). */
  uploads: CostlyWork;
  /** Uploads of one member read at once; the member's next ones wait their turn apart. */
  perMember: number;
  /** Uploads of one member that may wait; one more is refused with E-503. */
  memberQueue: number;
}

/**
 * Routes that take a picture in their body (`config: { upload: true }`: the channel image, a
 * coupon with its picture) take a slot of `uploads` before their body is read and give it back
 * when the answer is sent or the client hangs up. The image gate (`ctx.decodes`) bounds the
 * decoding, but bodies were read and parsed before it: twenty 8 MB uploads at once held some
 * 600 MB of body, string and bytes. Now at most `concurrency` bodies are in memory; a waiting
 * request's body stays unread in the socket, and past the queue the answer is E-503 with
 * Retry-After at once, unread.
 *
 * A slot goes only to a request that could succeed: a signed-in member (E-401) about a channel of
 * its own (channelScope checks it before the body is read, E-404), with the CSRF proof (E-403; a
 * form-encoded body may carry its token inside, checked once read). And one member reads at most
 * `perMember` bodies at once, their further uploads waiting in a queue of their own: one account's
 * stalled sockets cannot take every slot from the others. A body that has not all arrived within
 * REQUEST_TIMEOUT_SECONDS is dropped with its connection (app.ts), which gives its slots back.
 */
export function registerUploadGate(app: FastifyInstance, sessions: Sessions, options: UploadGateOptions) {
  const members = new Map<string, CostlyWork>();
  const gateOf = (userId: string) => {
    let gate = members.get(userId);
    if (!gate) {
      gate = new CostlyWork({
        concurrency: options.perMember,
        queue: options.memberQueue,
        retryAfterSeconds: 5,
      });
      members.set(userId, gate);
    }
    return gate;
  };
  const forget = (userId: string, gate: CostlyWork) => {
    const { running, waiting } = gate.load;
    if (running === 0 && waiting === 0) members.delete(userId);
  };

  const takeSlot: preParsingHookHandler = async (request, reply, payload) => {
    const userId = await sessions.requireUserId(request);
    if (!csrfProofPossible(request, sessions)) throw new AppError('E-403');
    const mine = gateOf(userId);
    try {
      await holdUntilAnswered(mine, reply, () => forget(userId, mine));
    } catch (error) {
      forget(userId, mine);
      throw error;
    }
    await holdUntilAnswered(options.uploads, reply);
    return payload;
  };
  // Added to each upload route itself: route hooks run after those of its plugins, so the
  // channel's owner is known (channelScope) before a slot is taken.
  app.addHook('onRoute', (route) => {
    if (!(route.config as { upload?: boolean } | undefined)?.upload) return;
    const own = route.preParsing ?? [];
    route.preParsing = [...(Array.isArray(own) ? own : [own]), takeSlot];
  });
}

/** The CSRF proof as far as it can be seen before the body is read (csrf.ts checks it all later). */
function csrfProofPossible(request: FastifyRequest, sessions: Sessions): boolean {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    return Boolean(request.headers['x-requested-with']);
  return hasCsrfProof(request, sessions);
}
