import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SideBoxProps {
  /** Names the box: its test id, and `<name>-title` is the heading's id that labels the section. */
  name: string;
  title: ReactNode;
  /** A link beside the heading, such as "all news". */
  aside?: ReactNode;
  children: ReactNode;
}

/** A framed section beside the top page's create panel (account, news). */
export function SideBox({ name, title, aside, children }: SideBoxProps) {
  const titleId = `${name}-title`;
  const heading = (
    <Title order={2} fz="lg" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} data-testid={name}>
      <Stack gap="md">
        {aside ? (
          <Group justify="space-between" align="baseline">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
