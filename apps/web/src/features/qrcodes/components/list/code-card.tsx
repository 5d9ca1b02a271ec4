import { Group, Paper, Stack } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { ReactNode } from 'react';
import { SharedBy } from '../../../sharing';
import { ShortLink } from '../short-link';
import { CodeContent, CodeMeta, CodeTitle, TypeBadge } from './code-facts';
import { CodeThumb } from './code-thumb';
import { type CodeSelection, SelectBox } from './select-box';

/** One code as a card: the phone list and the guest history. */
export function CodeCard({
  code,
  actions,
  selection,
}: {
  code: QrCodeDto;
  actions: ReactNode;
  selection?: CodeSelection;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      component="article"
      data-testid="code-row"
      data-id={code.id}
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <CodeThumb code={code} width={72} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <CodeTitle code={code} />
              <TypeBadge code={code} />
            </Group>
            <SharedBy code={code} />
            <CodeContent code={code} />
            <ShortLink code={code} withLabel />
            <CodeMeta code={code} />
          </Stack>
        </Group>
        {/* The box sits with the actions: beside the picture it narrowed the title at 375 px. */}
        <Group justify={selection ? 'space-between' : 'flex-end'} gap="xs">
          {selection && <SelectBox code={code} selection={selection} />}
          <Group gap="xs">{actions}</Group>
        </Group>
      </Stack>
    </Paper>
  );
}
