import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { TagDto } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';

interface TagRowsProps {
  tags: TagDto[];
  selected: Set<number>;
  onToggle: (tagId: number) => void;
  onToggleAll: (checked: boolean) => void;
  onRename: (tag: TagDto) => void;
}

/** The tags as rows that wrap on a phone: a checkbox to choose, the name, a rename button. */
export function TagRows({ tags, selected, onToggle, onToggleAll, onRename }: TagRowsProps) {
  const { t } = useTranslation('tags');
  const all = tags.length > 0 && tags.every((tag) => selected.has(tag.tag_id));
  const some = tags.some((tag) => selected.has(tag.tag_id));
  return (
    <Stack gap={0}>
      <Group px="sm" py={6}>
        <Checkbox
          checked={all}
          indeterminate={some && !all}
          onChange={(e) => onToggleAll(e.currentTarget.checked)}
          label={t('list.select_all')}
          data-testid="tag-select-all"
        />
      </Group>
      <Paper
        withBorder
        radius="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        data-testid="tag-rows"
      >
        {tags.map((tag, i) => (
          <Group
            key={tag.tag_id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            px="sm"
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            data-testid="tag-row"
          >
            <Checkbox
              checked={selected.has(tag.tag_id)}
              onChange={() => onToggle(tag.tag_id)}
              label={<Text style={{ overflowWrap: 'anywhere' }}>{tag.tag_name}</Text>}
              aria-label={t('list.select', { name: tag.tag_name })}
              styles={{ body: { alignItems: 'center' } }}
              style={{ minWidth: 0, flex: 1 }}
            />
            <Button variant="subtle" size="compact-sm" onClick={() => onRename(tag)} data-testid="tag-rename">
              {t('list.rename')}
            </Button>
          </Group>
        ))}
      </Paper>
    </Stack>
  );
}
