import { channelPath } from '@qrqr/shared/channel-paths';
import {
  deletedCountAnswer,
  deleteTagsBody,
  saveTagBody,
  tagAnswer,
  tagListAnswer,
  tagListQuery,
} from '@qrqr/shared/tag-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { CHANNEL_PARAM, channelOf } from '../../platform/http/channel-scope';
import { ok } from '../../platform/http/errors';
import { responses } from '../../platform/http/schemas';
import { deleteTags } from './delete-tags';
import { listTags } from './list-tags';
import { presentTag } from './present';
import { saveTag } from './save-tag';

const tags = ['tags'];
const params = z.object({ [CHANNEL_PARAM]: z.string().describe('channel_id') });
export const TAG_URL = channelPath.tags(`:${CHANNEL_PARAM}`);

/** The tag calls (GET, POST, DELETE /qrchannel/{channel}/tag), inside channelScope. */
export function tagRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      TAG_URL,
      {
        schema: {
          tags,
          params,
          querystring: tagListQuery,
          response: responses(tagListAnswer),
        },
      },
      async (req) => {
        const rows = await listTags(ctx, { channel: channelOf(req), query: req.query.query });
        return ok({ tags: rows.map(presentTag), total_count: rows.length });
      },
    );

    app.post(
      TAG_URL,
      { schema: { tags, params, body: saveTagBody, response: responses(tagAnswer) } },
      async (req) => ok({ tag: presentTag(await saveTag(ctx, { channel: channelOf(req), body: req.body })) }),
    );

    app.delete(
      TAG_URL,
      {
        schema: {
          tags,
          params,
          body: deleteTagsBody,
          response: responses(deletedCountAnswer),
        },
      },
      async (req) => {
        const { deleted } = await deleteTags(ctx, { channel: channelOf(req), tagIds: req.body.tag_ids });
        return ok({ deleted_count: deleted });
      },
    );
  };
}
