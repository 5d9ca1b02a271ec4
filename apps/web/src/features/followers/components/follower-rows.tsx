import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { FollowerDto } from '@qrqr/shared/follower-schemas';
import { SelectableList } from '../../../components/selectable-list/selectable-list';
import type { Selection } from '../../../components/selectable-list/selection';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';

interface FollowerRowsProps {
  followers: FollowerDto[];
  selection: Selection;
  /** Whether a tag filter is on: its empty message differs from a channel nobody follows yet. */
  filtered: boolean;
}

/** Followers as rows: anonymous number, follow date (Tokyo time), tags. */
export function FollowerRows({ followers, selection, filtered }: FollowerRowsProps) {
  const { t } = useTranslation('followers');
  return (
    <SelectableList
      items={followers}
      itemId={(f) => f.follower_id}
      selection={selection}
      selectAllLabel={t('list.select_page')}
      empty={filtered ? { text: t('empty_filtered') } : { text: t('empty'), hint: t('empty_hint') }}
      testIdPrefix="follower"
      rowAlign="flex-start"
      renderRow={(f, check) => (
        <>
          <Checkbox mt={2} {...check} aria-label={t('list.select', { id: f.follower_id })} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{t('list.name', { id: f.follower_id })}</Text>
              <Text size="sm" c="dimmed">
                {t('list.followed_at', { date: formatDateTime(f.followed_at) })}
              </Text>
            </Group>
            {f.tags.length ? (
              <Group gap={6}>
                {f.tags.map((tag) => (
                  <Badge key={tag.tag_id} variant="light" radius="sm" tt="none" maw="100%">
                    {tag.tag_name}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('list.no_tags')}
              </Text>
            )}
          </Stack>
        </>
      )}
    />
  );
}
