import { analyticsUpdateBody } from '@qrqr/shared/analytics-switch-schemas';
import { api, REDIRECT_PREFIX } from '@qrqr/shared/paths';
import { qrDesignBody } from '@qrqr/shared/qr-design-schemas';
import {
  changeWifiProfileBody,
  createQrBody,
  deleteQrQuery,
  downloadQuery,
  qrCodeAnswer,
  qrListQuery,
  qrListSchema,
  redirectUrlUpdateBody,
  titleUpdateBody,
} from '@qrqr/shared/qrcode-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientGone } from '../../platform/http/client-abort';
import { sendDownload } from '../../platform/http/download';
import { ok } from '../../platform/http/errors';
import { requestLocale } from '../../platform/http/locale';
import { errorResponse, responses } from '../../platform/http/schemas';
import { changeWifiProfile } from './change-wifi-profile';
import type { QrContext } from './context';
import { createQrCode } from './create';
import { deleteCode } from './delete';
import { contentDisposition, downloadImage } from './download';
import { guestKeyFor, guestKeyHash, setGuestCookie } from './guest-history';
import { listCodes } from './list';
import { presentQrCode } from './present';
import { countScan, resolveRedirect } from './redirect';
import { retargetCode } from './retarget';
import { resolvedByFastPath } from './scan-fast-path';
import { renderGonePage, renderTextPage } from './text-page';
import { updateAnalytics } from './update-analytics';
import { updateDesign } from './update-design';
import { updateTitle } from './update-title';

const tags = ['qrcodes'];
const one = responses(qrCodeAnswer);

/** The QR-manager calls (no /api prefix) and the /r/ redirect: validate, authorise, one call, present. */
export function qrcodeRoutes(ctx: QrContext): FastifyPluginAsyncZod {
  const { sessions, config } = ctx;
  const present = (row: Parameters<typeof presentQrCode>[0]) => presentQrCode(row, config.publicUrl);
  const limited = { rateLimit: { max: config.QR_CREATE_RATE_LIMIT, timeWindow: '1 minute' } };
  const downloadLimited = { rateLimit: { max: config.QR_DOWNLOAD_RATE_LIMIT, timeWindow: '1 minute' } };

  return async (app) => {
    app.post(
      api.qrCreate,
      { schema: { tags, body: createQrBody, response: one }, config: limited },
      async (req, reply) => {
        const userId = await sessions.userId(req);
        if (userId)
          return ok({ qrcode: present(await createQrCode(ctx, { owner: { userId }, body: req.body })) });
        // A guest's code joins this browser's history, which the cookie keeps (and now renews).
        const guest = guestKeyFor(req);
        const row = await createQrCode(ctx, { owner: { guestKeyHash: guest.hash }, body: req.body });
        setGuestCookie(reply, config, guest.key);
        return ok({ qrcode: present(row) });
      },
    );

    app.get(
      api.qrListData,
      { schema: { tags, querystring: qrListQuery, response: responses(qrListSchema) } },
      async (req) => {
        const userId = await sessions.userId(req);
        const viewer = { userId, guestKeyHash: userId ? null : guestKeyHash(req) };
        return ok(await listCodes(ctx, { viewer, query: req.query, guest: !userId }));
      },
    );

    app.post(api.qrTitleUpdate, { schema: { tags, body: titleUpdateBody, response: one } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok({ qrcode: present(await updateTitle(ctx, { userId, ...req.body })) });
    });

    // Branded codes: the design every download and the preview draw (the owner, member or guest).
    app.post(
      api.qrDesign,
      { schema: { tags, body: qrDesignBody, response: one }, config: limited },
      async (req) => {
        const userId = await sessions.userId(req);
        const viewer = { userId, guestKeyHash: userId ? null : guestKeyHash(req) };
        return ok({ qrcode: present(await updateDesign(ctx, { viewer, ...req.body })) });
      },
    );

    app.post(
      api.qrRedirectUrlUpdate,
      { schema: { tags, body: redirectUrlUpdateBody, response: one } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ qrcode: present(await retargetCode(ctx, { userId, ...req.body })) });
      },
    );

    app.post(
      api.qrChangeWifiProfile,
      { schema: { tags, body: changeWifiProfileBody, response: one } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ qrcode: present(await changeWifiProfile(ctx, { userId, ...req.body })) });
      },
    );

    // The read-log page's switch: counting on or off, only where the printed code stays valid.
    app.post(
      api.qrAnalyticsUpdate,
      {
        schema: {
          tags,
          body: analyticsUpdateBody,
          response: one,
          description:
            'Turns counting on (analytics true, with the method the code holds) or off. E-203: a code without analysis cannot start counting; E-204: redirect and secret cannot switch (a new code must be printed).',
        },
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ qrcode: present(await updateAnalytics(ctx, { userId, ...req.body })) });
      },
    );

    // Delete is a GET in the public contract yet changes data, so it takes the same CSRF check as a POST.
    app.get(
      api.qrDelete,
      { schema: { tags, querystring: deleteQrQuery, response: responses() }, config: { csrf: true } },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        await deleteCode(ctx, { userId, id: req.query.id, confirmedServiceId: req.query.qr_wifi_service_id });
        return ok();
      },
    );

    // A plain navigation from the download dialog: the file, or a JSON envelope naming the bad option.
    app.get(
      api.qrDownload,
      {
        schema: {
          tags,
          querystring: downloadQuery,
          description:
            'The image file: type 1 PNG, 2 JPEG, 3 EPS, 4 SVG. 429 over the per-address limit, 503 when the render queue is full (both with Retry-After).',
          response: {
            200: z.unknown().describe('The image (Content-Disposition: attachment)'),
            '4xx': errorResponse,
            '5xx': errorResponse,
          },
        },
        config: downloadLimited,
      },
      async (req, reply) => {
        const userId = await sessions.userId(req);
        const viewer = { userId, guestKeyHash: guestKeyHash(req) };
        const image = await downloadImage(ctx, { viewer, query: req.query, signal: clientGone(reply) });
        const disposition = contentDisposition(image.filename, req.query.qr_data_id);
        return sendDownload(reply, { ...image, disposition });
      },
    );

    // The hot path, never waiting for the database: memory lookup, 302 or the text page, the read
    // buffered. Nothing else runs: no request log lines (errors still are), no security headers on a
    // bare 302, no locale, CSRF or Cache-Control hook, no schema validation (the pattern check is in
    // resolveRedirect).
    app.get(
      `${REDIRECT_PREFIX}:code`,
      {
        logLevel: 'warn',
        helmet: false,
        config: { hotPath: true },
        schema: {
          tags,
          description:
            'A redirect code: 302 to its URL, or a page showing its text; when unknown or deleted, 404 with a page saying the code is no longer in use (E-404 JSON for clients that do not ask for HTML).',
        },
      },
      async (req, reply) => {
        const { code } = req.params as { code: string };
        const known = resolvedByFastPath(req.raw);
        const target = known === undefined ? await resolveRedirect(ctx, code) : known;
        if (!target) {
          req.locale = requestLocale(req);
          // A phone that scanned a deleted or unknown code gets a page saying so (not the app's 404);
          // other clients the usual E-404.
          if (!String(req.headers.accept ?? '').includes('text/html')) return reply.callNotFound();
          reply.helmet();
          return reply
            .status(404)
            .header('cache-control', 'no-store')
            .header('x-robots-tag', 'noindex')
            .type('text/html; charset=utf-8')
            .send(renderGonePage(req.locale));
        }
        if (target.counted !== false)
          countScan(ctx, {
            qrId: target.qrId,
            method: req.method,
            ip: req.ip,
            userAgent: req.headers['user-agent'],
          });
        reply.header('cache-control', 'no-store');
        if (target.tab === 0) return reply.redirect(target.content, 302);
        // A page a browser renders gets the app's usual security headers.
        reply.helmet();
        return reply
          .header('x-robots-tag', 'noindex')
          .type('text/html; charset=utf-8')
          .send(renderTextPage(target.content, requestLocale(req)));
      },
    );
  };
}
