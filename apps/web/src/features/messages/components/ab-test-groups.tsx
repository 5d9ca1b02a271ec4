import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../lib/use-translation';
import { useAbGroups } from '../api/ab-tests';
import { shareInRange } from './ab-test-values';
import type { MessageFormValues } from './message-form-values';

/** Each group's size if the message went out now: asked again when the list, share or variants change. */
export function useLiveGroups(channelId: number, values: MessageFormValues) {
  const ab = values.ab_test;
  const [share] = useDebouncedValue(ab?.share_percent ?? '', 300);
  const listChosen = values.audience === 'all' || values.send_list_id !== null;
  const query =
    ab && listChosen && shareInRange(share)
      ? {
          send_list_id: values.audience === 'all' ? null : values.send_list_id,
          share_percent: share,
          variants: 1 + ab.variants.length,
        }
      : null;
  const groups = useAbGroups(channelId, query);
  return { listChosen, data: query ? groups.data : undefined };
}

/** Each group's size in words, or why it is not known yet. */
export function AbGroups({ groups }: { groups: ReturnType<typeof useLiveGroups> }) {
  const { t } = useTranslation('channel-messages');
  const { data } = groups;
  let text: string;
  if (!groups.listChosen) text = t('ab.groups_no_list');
  else if (!data) text = t('ab.groups_pending');
  else text = t('ab.groups', { count: data.group_size, groups: data.groups, rest: data.rest });
  return (
    // Balanced: where `text-wrap: pretty` is missing (Firefox), 「配信」 was left alone on a line.
    <Text size="sm" aria-live="polite" data-testid="ab-groups" fw={600} style={{ textWrap: 'balance' }}>
      {text}
    </Text>
  );
}
