import { couponQrAnswer, couponQrBody } from '@qrqr/shared/coupon-schemas';
import { idFromText } from '@qrqr/shared/id-schemas';
import { api, wifiPath } from '@qrqr/shared/paths';
import { deletedCountAnswer } from '@qrqr/shared/tag-schemas';
import { illFormedPath } from '@qrqr/shared/well-formed-text';
import {
  addWifiProfilesBody,
  deleteWifiPagesBody,
  deleteWifiProfilesBody,
  publishWifiProfilesBody,
  saveWifiPageBody,
  updateWifiProfileBody,
  wifiChannelAnswer,
  wifiCodesAnswer,
  wifiCouponImageBody,
  wifiCsvQuery,
  wifiImageAnswer,
  wifiPageAnswer,
  wifiPageListAnswer,
  wifiPageListQuery,
} from '@qrqr/shared/wifi-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { clientGone } from '../../platform/http/client-abort';
import { attachment, sendDownload } from '../../platform/http/download';
import { AppError, ok } from '../../platform/http/errors';
import { errorResponse, responses } from '../../platform/http/schemas';
import { ILL_FORMED_RULE } from '../../platform/http/validation';
import { holdUntilAnswered } from '../../platform/media/costly-work';
import { readImageUpload, registerImageUploads } from '../../platform/media/images';
import { memberLocale } from '../auth/lookup';
import { renderCouponCode } from '../coupons/lookup';
import { channelInfo } from './channel-info';
import { saveCouponImageDraft } from './coupon-image';
import { wifiCsv } from './csv';
import { deletePages } from './delete-pages';
import { getPage } from './get-page';
import { listWifiCodes } from './list-codes';
import { listPages } from './list-pages';
import { addProfiles, deleteProfiles, publishProfiles, updateProfile } from './profiles';
import { savePage } from './save-page';
import { ownsChannel, uploadImage } from './upload-image';

const tags = ['wifi'];
const idParams = z.object({ id: z.string() });
const page = responses(wifiPageAnswer);

/** The member's Wi-Fi calls (/qrwifi/…): validate, authorise (the session), one service call, present. */
export function wifiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const user = (req: Parameters<typeof ctx.sessions.requireUserId>[0]) => ctx.sessions.requireUserId(req);
  const csvLimited = { rateLimit: { max: ctx.config.ANALYTICS_CSV_RATE_LIMIT, timeWindow: '1 minute' } };
  const qrLimited = { rateLimit: { max: ctx.config.QR_CREATE_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    await registerImageUploads(app);

    app.get(
      api.wifiPages,
      { schema: { tags, querystring: wifiPageListQuery, response: responses(wifiPageListAnswer) } },
      async (req) => ok(await listPages(ctx, { userId: await user(req), ...req.query })),
    );

    app.get(wifiPath.page(':id'), { schema: { tags, params: idParams, response: page } }, async (req) =>
      ok({ welcome_page: await getPage(ctx, { userId: await user(req), id: idFromText(req.params.id) }) }),
    );

    app.get(
      wifiPath.channel(':id'),
      { schema: { tags, params: idParams, response: responses(wifiChannelAnswer) } },
      async (req) => ok(await channelInfo(ctx, { userId: await user(req), id: idFromText(req.params.id) })),
    );

    app.post(api.wifiPageSave, { schema: { tags, body: saveWifiPageBody, response: page } }, async (req) =>
      ok({ welcome_page: await savePage(ctx, { userId: await user(req), body: req.body }) }),
    );

    app.post(
      api.wifiPageDelete,
      { schema: { tags, body: deleteWifiPagesBody, response: responses(deletedCountAnswer) } },
      async (req) => {
        const { deleted } = await deletePages(ctx, {
          userId: await user(req),
          ids: req.body.welcome_page_ids,
        });
        return ok({ deleted_count: deleted });
      },
    );

    app.post(
      api.wifiImageUpload,
      {
        // The picture is read only with an upload slot, after the channel is known to be the member's.
        config: { upload: true },
        preParsing: async (req) => {
          const userId = await user(req);
          // Ill-formed text in the query is the field's E-400, as the validator would say, not a missing channel.
          const ill = illFormedPath(req.query);
          if (ill) throw AppError.field(ill.join('.'), ILL_FORMED_RULE);
          const id = idFromText(String((req.query as { channel_id?: string }).channel_id ?? ''));
          if (!(await ownsChannel(ctx, userId, id))) throw new AppError('E-404');
        },
        schema: {
          tags,
          querystring: z.object({ channel_id: z.string().describe('The channel the page belongs to') }),
          consumes: ['multipart/form-data'],
          description: 'A picture of a page (field `image`): sniffed, re-encoded within 1024 px.',
          response: responses(wifiImageAnswer),
        },
      },
      async (req, reply) => {
        const bytes = await readImageUpload(req, 'image');
        return ok(
          await uploadImage(ctx, {
            userId: await user(req),
            channelId: idFromText(req.query.channel_id),
            bytes,
            signal: clientGone(reply),
          }),
        );
      },
    );

    app.post(
      wifiPath.couponImage(':id'),
      { schema: { tags, params: idParams, body: wifiCouponImageBody, response: page } },
      async (req) => {
        const welcome_page = await saveCouponImageDraft(ctx, {
          userId: await user(req),
          pageId: idFromText(req.params.id),
          imageId: req.body.image_id,
        });
        return ok({ welcome_page });
      },
    );

    app.post(
      api.wifiCodePreview,
      { config: qrLimited, schema: { tags, body: couponQrBody, response: responses(couponQrAnswer) } },
      async (req, reply) => {
        await user(req);
        const png = await renderCouponCode(ctx, {
          codeType: req.body.code_type,
          code: req.body.qr_text,
          signal: clientGone(reply),
        });
        return ok({ qr_image: `data:image/png;base64,${png.toString('base64')}` });
      },
    );

    app.get(api.wifiCodes, { schema: { tags, response: responses(wifiCodesAnswer) } }, async (req) =>
      ok({ wifi: await listWifiCodes(ctx, { userId: await user(req) }) }),
    );

    app.post(
      api.wifiProfileAdd,
      { schema: { tags, body: addWifiProfilesBody, response: page } },
      async (req) => {
        const { welcome_page_id: pageId, qr_wifi_ids: qrIds, release_dt: releaseDt } = req.body;
        return ok({
          welcome_page: await addProfiles(ctx, { userId: await user(req), pageId, qrIds, releaseDt }),
        });
      },
    );

    app.post(
      api.wifiProfileUpdate,
      { schema: { tags, body: updateWifiProfileBody, response: page } },
      async (req) => {
        const { welcome_page_id: pageId, qr_wifi_id: qrId, release_dt: releaseDt } = req.body;
        return ok({
          welcome_page: await updateProfile(ctx, { userId: await user(req), pageId, qrId, releaseDt }),
        });
      },
    );

    app.post(
      api.wifiProfilePublish,
      { schema: { tags, body: publishWifiProfilesBody, response: page } },
      async (req) => {
        const { welcome_page_id: pageId, qr_wifi_ids: qrIds } = req.body;
        return ok({ welcome_page: await publishProfiles(ctx, { userId: await user(req), pageId, qrIds }) });
      },
    );

    app.post(
      api.wifiProfileDelete,
      { schema: { tags, body: deleteWifiProfilesBody, response: page } },
      async (req) => {
        const { welcome_page_id: pageId, qr_wifi_ids: qrIds } = req.body;
        return ok({ welcome_page: await deleteProfiles(ctx, { userId: await user(req), pageId, qrIds }) });
      },
    );

    app.get(
      api.wifiCsv,
      {
        config: csvLimited,
        schema: {
          tags,
          querystring: wifiCsvQuery,
          description:
            'UTF-8 CSV with BOM: per Asia/Tokyo day and page, scans, views, unique devices, coupon views and uses, follows, relation link clicks.',
          response: { 200: z.unknown().describe('text/csv'), '4xx': errorResponse, '5xx': errorResponse },
        },
      },
      async (req, reply) => {
        const userId = await user(req);
        // The body streams after the handler returns: the slot is held until it has been sent.
        await holdUntilAnswered(ctx.exports, reply);
        const { body, from, to } = await wifiCsv(ctx, {
          userId,
          start: req.query.start_date,
          end: req.query.end_date,
          locale: await memberLocale(ctx, req),
        });
        const disposition = attachment(`wifi-${from}-${to}.csv`);
        return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', disposition, body }, 'no-store');
      },
    );
  };
}
