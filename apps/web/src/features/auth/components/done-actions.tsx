import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** Buttons at the bottom of "sent" and "complete" screens; stacked full-width on phones. */
export function DoneActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
      {children}
    </Group>
  );
}
