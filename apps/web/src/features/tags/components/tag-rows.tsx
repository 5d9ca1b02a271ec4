import { Button, Checkbox, Text } from '@mantine/core';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { SelectableList } from '../../../components/selectable-list/selectable-list';
import type { Selection } from '../../../components/selectable-list/selection';
import { useTranslation } from '../../../lib/use-translation';

interface TagRowsProps {
  tags: TagDto[];
  selection: Selection;
  /** The search that found no tags, if any; the empty message names it. */
  query: string;
  onRename: (tag: TagDto) => void;
}

/** The tags as rows: a checkbox labelled with the name (so the name chooses too), a rename button. */
export function TagRows({ tags, selection, query, onRename }: TagRowsProps) {
  const { t } = useTranslation('tags');
  return (
    <SelectableList
      items={tags}
      itemId={(tag) => tag.tag_id}
      selection={selection}
      selectAllLabel={t('list.select_all')}
      empty={query ? { text: t('empty_search', { query }) } : { text: t('empty'), hint: t('empty_hint') }}
      testIdPrefix="tag"
      renderRow={(tag, check) => (
        <>
          <Checkbox
            {...check}
            label={<Text style={{ overflowWrap: 'anywhere' }}>{tag.tag_name}</Text>}
            aria-label={t('list.select', { name: tag.tag_name })}
            styles={{ body: { alignItems: 'center' } }}
            style={{ minWidth: 0, flex: 1 }}
          />
          <Button variant="subtle" size="compact-sm" onClick={() => onRename(tag)} data-testid="tag-rename">
            {t('list.rename')}
          </Button>
        </>
      )}
    />
  );
}
