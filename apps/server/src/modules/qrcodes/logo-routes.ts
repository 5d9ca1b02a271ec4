import { idFromText } from '@qrqr/shared/id-schemas';
import { api, qrLogoPicturePath } from '@qrqr/shared/paths';
import { logoPictureAnswer, logoPictureListAnswer } from '@qrqr/shared/qr-design-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { clientGone } from '../../platform/http/client-abort';
import { AppError, ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { readImageUpload, registerImageUploads } from '../../platform/media/images';
import { deleteLogoPicture } from './logo-delete';
import { listLogoPictures, storeLogoPicture } from './logo-pictures';

const tags = ['qrcodes'];
const params = z.object({ id: z.string().describe('logo picture id') });

/**
 * A member's own logo pictures (`/api/qrcode/logo`): upload (multipart with an `image` field), for a
 * member without a channel too; list; delete one. Its own plugin, so multipart parsing is
 * registered only here.
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
          tags,
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

    app.get(
      api.qrLogoPicture,
      {
        schema: {
          tags,
          description: 'The member’s own logo pictures, oldest first.',
          response: responses(logoPictureListAnswer),
        },
      },
      async (req) => {
        const userId = await ctx.sessions.requireUserId(req);
        return ok({ pictures: await listLogoPictures(ctx, userId) });
      },
    );

    app.delete(
      qrLogoPicturePath(':id'),
      {
        schema: {
          tags,
          params,
          description:
            'Deletes one of the member’s own logo pictures. 409 while saved codes draw it (field `id` gives how many); 404 for another member’s or a channel’s picture.',
          response: responses(),
        },
      },
      async (req) => {
        const userId = await ctx.sessions.requireUserId(req);
        const id = idFromText(req.params.id);
        if (id === null) throw new AppError('E-404');
        await deleteLogoPicture(ctx, { userId, id });
        return ok();
      },
    );
  };
}
