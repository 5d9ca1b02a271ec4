import { api } from '@qrqr/shared/paths';
import { logoPictureAnswer } from '@qrqr/shared/qr-design-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/core/context';
import { clientGone } from '../../platform/http/client-abort';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { readImageUpload, registerImageUploads } from '../../platform/media/images';
import { storeLogoPicture } from './logo-pictures';

/**
 * A member's own logo picture (`POST /api/qrcode/logo`, multipart with an `image` field), for a
 * member without a channel too. Its own plugin, so multipart parsing is registered only here.
 */
export function logoPictureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImageUploads(app);
    app.post(
      api.qrLogoPicture,
      {
        // Read only with an upload slot, after the session and CSRF checks (upload-gate.ts).
        config: { upload: true },
        schema: {
          tags: ['qrcodes'],
          consumes: ['multipart/form-data'],
          description:
            'Stores a logo picture of the member’s own: JPEG, PNG, WebP or GIF (first frame), re-encoded within 1024 px without metadata. 413 too large, 415 not a picture, 409 over 20 pictures.',
          response: responses(logoPictureAnswer),
        },
      },
      async (req, reply) => {
        const userId = await ctx.sessions.requireUserId(req);
        const bytes = await readImageUpload(req, 'image');
        const picture = await storeLogoPicture(ctx, { userId, bytes, signal: clientGone(reply) });
        return ok({ picture });
      },
    );
  };
}
