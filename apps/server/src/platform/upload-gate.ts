import type { FastifyInstance } from 'fastify';
import { type CostlyWork, holdUntilAnswered } from './costly-work';
import type { Sessions } from './session';

/**
 * Routes that take a picture in their body (`config: { upload: true }`: the channel image, a
 * coupon with its picture) take a slot of `uploads` before their body is read and give it back
 * when the answer is sent or the client hangs up. The image gate (`ctx.renders`) bounds the
 * decoding, but bodies were read and parsed before it: twenty 8 MB uploads at once held some
 * 600 MB of body, string and bytes. Now at most `concurrency` bodies are in memory; a waiting
 * request's body stays unread in the socket, and past the queue the answer is E-503 with
 * Retry-After at once, unread. Only members upload, so a stranger is refused (E-401) before
 * taking a slot: slow bodies without a session cannot hold the gate.
 */
export function registerUploadGate(app: FastifyInstance, uploads: CostlyWork, sessions: Sessions): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.routeOptions.config?.upload) return payload;
    await sessions.requireUserId(request);
    await holdUntilAnswered(uploads, reply);
    return payload;
  });
}
