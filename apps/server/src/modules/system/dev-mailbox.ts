import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/core/context';
import { DEV_MAILBOX_PATH, devMailboxAnswers } from './dev-mailbox-access';

/**
 * `/dev/mailbox`: mail kept in the outbox, newest first, for development without SMTP. Register
 * it only when `devMailboxEnabled`; a client that is not on this machine gets the unknown-path 404.
 */
export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsync {
  const latest = async () => {
    // Mail queued by earlier requests is written first, so a link asked for is there to click.
    await ctx.jobs.drain();
    return ctx.db.kysely.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(50).execute();
  };

  // A development aid, not part of the API: /api/docs does not list it.
  const hidden = { schema: { hide: true } };

  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!devMailboxAnswers(ctx.config, request)) return reply.callNotFound();
    });

    app.get(`${DEV_MAILBOX_PATH}.json`, hidden, async () => ({ mails: await latest() }));

    app.get(DEV_MAILBOX_PATH, hidden, async (_req, reply) => {
      const rows = await latest();
      const items = rows
        .map(
          (m) => `<article><h2>${esc(m.subject)}</h2>
<p class="meta">To: ${esc(m.to_address)} · ${new Date(m.created_at).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}</p>
<pre>${linkify(esc(m.text_body))}</pre></article>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:1rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:0 1rem;margin:1rem 0}h2{font-size:1.05rem}
.meta{color:#495057;font-size:.85rem}pre{white-space:pre-wrap;word-break:break-all}a{color:#1864ab}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail kept because SMTP_URL is not set (${rows.length} shown).</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`);
    });
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkify(s: string): string {
  return s.replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);
}
