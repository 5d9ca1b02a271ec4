import { idFromText } from '@qrqr/shared/id-schemas';
import { api, qrStylePath } from '@qrqr/shared/paths';
import { saveStyleBody, styleAnswer, styleListAnswer } from '@qrqr/shared/qr-design-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { AppError, ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { presentStyle } from './present';
import { deleteUserStyle, listUserStyles } from './repository';
import { saveStyle } from './save-style';

const tags = ['qrcodes'];
const params = z.object({ id: z.string().describe('style id') });

/** A member's saved code styles: list, save, delete. Another member's style answers 404. */
export function styleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions, config } = ctx;
  const limited = { rateLimit: { max: config.QR_CREATE_RATE_LIMIT, timeWindow: '1 minute' } };
  return async (app) => {
    app.get(api.qrStyles, { schema: { tags, response: responses(styleListAnswer) } }, async (req) => {
      const userId = await sessions.requireUserId(req);
      return ok({ styles: (await listUserStyles(ctx.db, userId)).map(presentStyle) });
    });

    app.post(
      api.qrStyles,
      { schema: { tags, body: saveStyleBody, response: responses(styleAnswer) }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        return ok({ style: presentStyle(await saveStyle(ctx, { userId, body: req.body })) });
      },
    );

    app.delete(
      qrStylePath(':id'),
      { schema: { tags, params, response: responses() }, config: limited },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const id = idFromText(req.params.id);
        if (id === null || !(await deleteUserStyle(ctx.db, userId, id))) throw new AppError('E-404');
        return ok();
      },
    );
  };
}
