import { Fieldset, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { BOX_FILTER_CHOICES, BOX_FILTERS } from '@qrqr/shared/tag-filter';
import { useTranslation } from '../../../lib/use-translation';
import type { TagChoice } from '../api/get-channel-tags';

interface TagBoxFieldProps {
  /** 1 or 2: the box's number on screen and in the field names. */
  n: 1 | 2;
  mode: string;
  tagIds: string[];
  onModeChange: (mode: string) => void;
  onTagsChange: (ids: string[]) => void;
  tags: TagChoice[];
  /** How many more tags this box may take (the 10 are shared by both boxes). */
  room: number;
  error?: string;
  modeError?: string;
}

/** One tag box of a send list: how it filters, and which of the channel's tags. */
export function TagBoxField(props: TagBoxFieldProps) {
  const { n, mode, tagIds, tags, room, error, modeError } = props;
  const { t } = useTranslation('sendlists');
  const unused = mode === String(BOX_FILTERS.unused);
  const noTags = tags.length === 0;
  return (
    <Fieldset legend={t('edit.box_title', { n })} data-testid={`box-${n}`} radius="md">
      <Stack gap="sm">
        <Select
          label={t('edit.mode')}
          data={BOX_FILTER_CHOICES.map((m) => ({ value: String(m), label: t(`mode.${m}`) }))}
          value={mode}
          onChange={(value) => props.onModeChange(value ?? String(BOX_FILTERS.unused))}
          allowDeselect={false}
          error={modeError}
          description={t(`mode_help.${mode}`, { defaultValue: '' })}
          data-testid={`box-${n}-mode`}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('edit.tags')}
          placeholder={unused ? t('edit.tags_unused') : noTags ? undefined : t('edit.tags_placeholder')}
          data={tags.map((tag) => ({ value: String(tag.tag_id), label: tag.tag_name }))}
          value={unused ? [] : tagIds}
          onChange={props.onTagsChange}
          disabled={unused || noTags}
          searchable
          nothingFoundMessage={t('edit.tag_search_empty')}
          maxValues={tagIds.length + Math.max(0, room)}
          hidePickedOptions
          error={error}
          data-testid={`box-${n}-tags`}
          comboboxProps={{ withinPortal: true }}
        />
        {noTags && !unused ? (
          <Text size="sm" c="dimmed">
            {t('edit.no_tags')}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
