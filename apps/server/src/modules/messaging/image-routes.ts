import { channelPath } from '@qrqr/shared/channel-paths';
import { messageImageAnswer } from '@qrqr/shared/message-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { clientGone } from '../../platform/http/client-abort';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { readImageUpload, registerImageUploads, storeImage } from '../../platform/media/images';

/** The `images` purpose of a message's (or welcome message's) picture. */
export const MESSAGE_IMAGE_PURPOSE = 'message';

/**
 * A message picture (layouts image, text + image, image + text): multipart field `image`, through
 * the platform's upload path (upload slot, sniffed, re-encoded within 1024 px, a row of `images`
 * for the channel). The answer's `image_url` is what a message save takes as `background_image_url`.
 * Its own plugin, so multipart parsing is registered only for this route.
 */
export function messageImageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImageUploads(app);
    app.post(
      channelPath.messageImage(`:${CHANNEL_PARAM}`),
      {
        config: { upload: true },
        schema: {
          tags: ['messages'],
          params: z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') }),
          consumes: ['multipart/form-data'],
          description:
            'A message picture: JPEG, PNG, WebP or GIF (first frame), re-encoded within 1024 px. 413 too large, 415 not a picture.',
          response: responses(messageImageAnswer),
        },
      },
      async (req, reply) => {
        const bytes = await readImageUpload(req, 'image');
        const stored = await storeImage(ctx, bytes, {
          owner: { channelId: channelOf(req).id, purpose: MESSAGE_IMAGE_PURPOSE },
          signal: clientGone(reply),
        });
        return ok({ image_url: stored.url });
      },
    );
  };
}
