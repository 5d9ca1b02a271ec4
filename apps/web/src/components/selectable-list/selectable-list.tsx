import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RowCheck, Selection } from './selection';

interface SelectableListProps<T> {
  items: readonly T[];
  itemId: (item: T) => number;
  selection: Selection;
  selectAllLabel: string;
  /** Shown instead of the list when there are no items; the hint says how to get some. */
  empty: { text: string; hint?: string };
  /** Names the test ids: `<prefix>-select-all`, `-rows`, `-row` and `-empty`. */
  testIdPrefix: string;
  /** Row content alignment: centred for one line, top for rows of several lines. */
  rowAlign?: 'center' | 'flex-start';
  renderRow: (item: T, check: RowCheck) => ReactNode;
}

/**
 * A list of rows that can be chosen one by one or all at once, as rows that wrap on a phone,
 * with a plain message when there is nothing to list.
 */
export function SelectableList<T>(props: SelectableListProps<T>) {
  const {
    items,
    itemId,
    selection,
    selectAllLabel,
    empty,
    testIdPrefix,
    rowAlign = 'center',
    renderRow,
  } = props;
  if (items.length === 0) {
    return (
      <Stack gap="xs" py="lg" data-testid={`${testIdPrefix}-empty`}>
        <Text>{empty.text}</Text>
        {empty.hint ? (
          <Text size="sm" c="dimmed">
            {empty.hint}
          </Text>
        ) : null}
      </Stack>
    );
  }
  const ids = items.map(itemId);
  return (
    <Stack gap={0}>
      <Group px="sm" py={6}>
        <Checkbox
          {...selection.allCheck(ids)}
          label={selectAllLabel}
          data-testid={`${testIdPrefix}-select-all`}
        />
      </Group>
      <Paper
        withBorder
        radius="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        data-testid={`${testIdPrefix}-rows`}
      >
        {items.map((item, i) => {
          const id = itemId(item);
          return (
            <Group
              key={id}
              component="li"
              wrap="nowrap"
              align={rowAlign}
              gap="sm"
              px="sm"
              py="xs"
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
              data-testid={`${testIdPrefix}-row`}
            >
              {renderRow(item, selection.check(id))}
            </Group>
          );
        })}
      </Paper>
    </Stack>
  );
}
