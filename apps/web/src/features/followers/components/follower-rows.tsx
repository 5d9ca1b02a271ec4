import { Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { FollowerDto } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';

interface FollowerRowsProps {
  followers: FollowerDto[];
  selected: Set<number>;
  onToggle: (followerId: number) => void;
  onToggleAll: (checked: boolean) => void;
}

/** Followers as rows that wrap on a phone: anonymous number, follow date (Tokyo time), tags. */
export function FollowerRows({ followers, selected, onToggle, onToggleAll }: FollowerRowsProps) {
  const { t } = useTranslation('followers');
  const all = followers.length > 0 && followers.every((f) => selected.has(f.follower_id));
  const some = followers.some((f) => selected.has(f.follower_id));
  return (
    <Stack gap={0}>
      <Group px="sm" py={6}>
        <Checkbox
          checked={all}
          indeterminate={some && !all}
          onChange={(e) => onToggleAll(e.currentTarget.checked)}
          label={t('list.select_page')}
          data-testid="follower-select-all"
        />
      </Group>
      <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {followers.map((f, i) => (
          <Group
            key={f.follower_id}
            component="li"
            wrap="nowrap"
            align="flex-start"
            gap="sm"
            px="sm"
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            data-testid="follower-row"
          >
            <Checkbox
              mt={2}
              checked={selected.has(f.follower_id)}
              onChange={() => onToggle(f.follower_id)}
              aria-label={t('list.select', { id: f.follower_id })}
            />
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
          </Group>
        ))}
      </Paper>
    </Stack>
  );
}
