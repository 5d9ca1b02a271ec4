import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hmac, randomToken, sha256 } from '../core/crypto';
import { AppError } from './errors';

/**
 * Sessions: an opaque id in the HttpOnly `sid` cookie, a row per signed-in browser (revocable).
 * Guests get a `sid` too (never stored), so the CSRF token can be bound to every browser.
 */

export const SID_COOKIE = 'sid';
export const CSRF_COOKIE = 'XSRF-TOKEN';
const DAY_MS = 86_400_000;

export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
  ) {}

  csrfTokenFor(sid: string): string {
    return hmac(this.secret, `csrf:${sid}`);
  }

  /** The browser's sid, issuing a guest one (and its CSRF cookie) on the first visit. */
  ensureSid(request: FastifyRequest, reply: FastifyReply): string {
    const current = request.cookies[SID_COOKIE];
    if (current && /^[A-Za-z0-9_-]{20,64}$/.test(current)) return current;
    return this.setSid(request, reply, randomToken(24));
  }

  /** The signed-in user's id, or null for a guest. Read once per request. */
  async userId(request: FastifyRequest): Promise<string | null> {
    if (request.sessionUserId !== undefined) return request.sessionUserId;
    const sid = request.cookies[SID_COOKIE];
    let userId: string | null = null;
    if (sid) {
      const row = await this.db.kysely
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', sha256(sid))
        .where('expires_at', '>', Date.now())
        .executeTakeFirst();
      userId = row?.user_id ?? null;
    }
    request.sessionUserId = userId;
    return userId;
  }

  async requireUserId(request: FastifyRequest): Promise<string> {
    const id = await this.userId(request);
    if (!id) throw new AppError('E-401');
    return id;
  }

  /** Signs a user in with a fresh sid (never the one a guest had: no session fixation). */
  async start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<string> {
    await this.dropCurrent(request);
    const sid = randomToken(32);
    const now = Date.now();
    await this.db.kysely
      .insertInto('sessions')
      .values({
        id: sha256(sid),
        user_id: userId,
        created_at: now,
        expires_at: now + this.config.SESSION_DAYS * DAY_MS,
      })
      .execute();
    this.setSid(request, reply, sid);
    request.sessionUserId = userId;
    return this.csrfTokenFor(sid);
  }

  /** Signs out this browser; it continues as a guest with a new sid. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    await this.dropCurrent(request);
    const sid = this.setSid(request, reply, randomToken(24));
    request.sessionUserId = null;
    return this.csrfTokenFor(sid);
  }

  /** Ends every session of a user except, optionally, the caller's (after a password change). */
  async revokeAll(userId: string, keep?: FastifyRequest): Promise<void> {
    const keepSid = keep?.cookies[SID_COOKIE];
    let q = this.db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSid) q = q.where('id', '!=', sha256(keepSid));
    await q.execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.kysely.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
  }

  private async dropCurrent(request: FastifyRequest): Promise<void> {
    const sid = request.cookies[SID_COOKIE];
    if (sid) await this.db.kysely.deleteFrom('sessions').where('id', '=', sha256(sid)).execute();
  }

  private setSid(request: FastifyRequest, reply: FastifyReply, sid: string): string {
    const common = {
      path: '/',
      sameSite: 'lax' as const,
      secure: this.config.secureCookies,
      maxAge: this.config.SESSION_DAYS * 86_400,
    };
    reply.setCookie(SID_COOKIE, sid, { ...common, httpOnly: true });
    // Readable by the web app, which echoes it in X-XSRF-TOKEN.
    reply.setCookie(CSRF_COOKIE, this.csrfTokenFor(sid), { ...common, httpOnly: false });
    // Later reads in this request must see the new value.
    request.cookies[SID_COOKIE] = sid;
    return sid;
  }
}
