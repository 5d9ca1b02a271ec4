import type { Locale } from '@qrqr/shared/limits';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language (see locale.ts). */
    locale: Locale;
    /** Memo of Sessions.userId for this request; undefined until read. */
    sessionUserId?: string | null;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public Cache-Control for a route whose JSON or page never depends on the session. */
    cacheControl?: string;
    /**
     * The /r/ scan route, which logs a read and redirects without waiting for anything: the
     * app-wide hooks (locale, CSRF, Cache-Control) skip it; its handler sets what it needs itself.
     */
    hotPath?: boolean;
    /** The body carries a picture: it is read only with a slot of `ctx.uploads` (upload-gate.ts). */
    upload?: boolean;
  }
}
