import { BOX_FILTERS, boxesOf, type TagFilter } from '@qrqr/shared/tag-filter';
import type { TFunction } from '../../../lib/translator';

/**
 * One line saying whom a list reaches, e.g. 「すべて含む：会員、VIP ／ 除外：新規」. Boxes in the
 * default mode are left out; a list with none reaches everyone.
 */
export function describeFilter(
  t: TFunction,
  filter: TagFilter,
  tagNames: ReadonlyMap<number, string>,
): string {
  const parts = boxesOf(filter)
    .filter((box) => box.box_filter !== BOX_FILTERS.unused)
    .map((box) =>
      t('sendlists:summary.box', {
        mode: t(`sendlists:mode.${box.box_filter}`),
        tags: box.tag_ids
          .map((id) => tagNames.get(id) ?? t('sendlists:summary.unknown_tag'))
          .join(t('sendlists:summary.separator')),
      }),
    );
  return parts.length > 0 ? parts.join(' ／ ') : t('sendlists:list.no_conditions');
}
