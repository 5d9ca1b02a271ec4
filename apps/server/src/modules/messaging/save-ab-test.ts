import { AB_TEST, groupSizeOf } from '@qrqr/shared/ab-test-constants';
import type { AbTestBody } from '@qrqr/shared/ab-test-schemas';
import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { TagFilter } from '@qrqr/shared/tag-filter';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { ALL_FOLLOWERS, reachOfFilters, sendlistOf } from '../sendlists/lookup';
import { removeTest, replaceTest } from './ab-test-repository';
import { checkMessageRefs } from './check-refs';
import { contentColumns } from './content';
import { TEST_PART } from './test-part';

/**
 * A draft's A/B test as its save writes it: settings and variants B–D (rows of `messages` with
 * `test_of`, drafts the operator's list never shows), each checked like the message's own content.
 */

/**
 * Refuses a test where a group would have fewer than AB_TEST.groupMin followers, with the size it
 * would have now (the send list's reach at this moment; at send time the split takes the audience
 * as it is then).
 */
export async function checkTestGroups(
  ctx: AppContext,
  input: { channelId: number; sendlistId: number | null; sharePercent: number; variants: number },
): Promise<void> {
  const size = await groupSizeNow(ctx, input);
  if (size.group_size < AB_TEST.groupMin)
    throw new AppError('E-400', {
      fields: [
        {
          field: 'ab_test.share_percent',
          rule: 'validation.ab_groups_small',
          values: [String(size.group_size)],
        },
      ],
    });
}

/** Each group's size if the message went out now (the editor shows it live). */
export async function groupSizeNow(
  ctx: AppContext,
  input: { channelId: number; sendlistId: number | null; sharePercent: number; variants: number },
) {
  let filter: TagFilter = ALL_FOLLOWERS;
  if (input.sendlistId !== null) {
    const list = await sendlistOf(ctx, input.channelId, input.sendlistId);
    if (!list) throw AppError.field('send_list_id', 'validation.message_sendlist_invalid');
    filter = list.filter;
  }
  const [audience = 0] = await reachOfFilters(ctx, input.channelId, [filter]);
  const groupSize = groupSizeOf(audience, input.sharePercent, input.variants);
  return {
    audience,
    group_size: groupSize,
    groups: input.variants,
    rest: audience - groupSize * input.variants,
    group_min: AB_TEST.groupMin,
  };
}

/** Writes the draft's test anew (or removes it when the save carries none). */
export async function writeTest(
  ctx: AppContext,
  input: { channelId: number; messageId: number; test: AbTestBody | null; now: number },
  trx: Transaction<Database>,
): Promise<void> {
  const { channelId, messageId, test, now } = input;
  if (!test) return removeTest(ctx.db, messageId, trx);
  for (const [i, v] of test.variants.entries()) {
    try {
      await checkMessageRefs(
        ctx,
        {
          channelId,
          pushTags: v.push_tag,
          couponUseTags: v.push_coupon_use_tags,
          couponId: v.coupon_id,
          imageUrl: v.background_image_url,
        },
        trx,
      );
    } catch (err) {
      throw underVariant(err, i);
    }
  }
  await replaceTest(
    ctx.db,
    {
      message_id: messageId,
      share_percent: test.share_percent,
      metric: test.metric,
      wait_hours: test.wait_hours,
      fallback: test.fallback,
    },
    test.variants.map((v, i) => ({
      channel_id: channelId,
      status: MESSAGE_STATUSES.draft,
      created_at: now,
      ...contentColumns(v, now),
      test_of: messageId,
      variant: i + 1,
      test_part: TEST_PART.variant,
    })),
    trx,
  );
}

/** A variant's refusal names its field under `ab_test.variants.{i}`. */
function underVariant(err: unknown, i: number): unknown {
  if (!(err instanceof AppError) || !err.options.fields) return err;
  return new AppError(err.code, {
    ...err.options,
    fields: err.options.fields.map((f) => ({ ...f, field: `ab_test.variants.${i}.${f.field}` })),
  });
}
