import { channelPath } from '@qrqr/shared/channel-paths';
import { channelAnswer, channelImageQuery } from '@qrqr/shared/channel-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { clientGone } from '../../platform/http/client-abort';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { readImageUpload, registerImageUploads } from '../../platform/media/images';
import { removeChannelImage, setChannelImage } from './channel-images';
import { presentOneChannel } from './present';

const tags = ['channels'];
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
const url = channelPath.image(`:${CHANNEL_PARAM}`);
const one = responses(channelAnswer);

/**
 * The channel's icon and background (`POST /qrchannel/{channel}/image`, multipart with an
 * `image` field; `kind` in the query says which). Its own plugin, so multipart parsing is
 * registered only for this route.
 */
export function channelImageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImageUploads(app);

    app.post(
      url,
      {
        // The picture is read only with an upload slot (platform/http/upload-gate.ts).
        config: { upload: true },
        schema: {
          tags,
          params,
          querystring: channelImageQuery,
          consumes: ['multipart/form-data'],
          description:
            'Replaces the icon or background. JPEG, PNG, WebP or GIF (first frame), re-encoded within 1024 px without metadata. 413 too large, 415 not a picture.',
          response: one,
        },
      },
      async (req, reply) => {
        const bytes = await readImageUpload(req, 'image');
        const channel = await setChannelImage(ctx, {
          channel: channelOf(req),
          kind: req.query.kind,
          bytes,
          signal: clientGone(reply),
        });
        return ok(presentOneChannel(ctx, channel));
      },
    );

    app.delete(
      url,
      { schema: { tags, params, querystring: channelImageQuery, response: one } },
      async (req) => {
        const channel = await removeChannelImage(ctx, { channel: channelOf(req), kind: req.query.kind });
        return ok(presentOneChannel(ctx, channel));
      },
    );
  };
}
