import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

interface AuthCardProps {
  title: string;
  /** Lead text under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
  /** Wider card for screens with more than one section (basic info). */
  size?: 'sm' | 'md';
}

/** The frame of every account screen: one h1 that also names the browser tab, then the content. */
export function AuthCard({ title, lead, children, size = 'sm' }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Container size={size === 'sm' ? 520 : 720} px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            {lead ? <Text c="dimmed">{lead}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
