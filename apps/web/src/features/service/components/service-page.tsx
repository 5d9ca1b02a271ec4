import { Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocation } from '../../../lib/router';

/** Footer links point at sections (#privacy, #faq) that exist only once the screen has rendered. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash, ready]);
}

/** The frame of the news, terms and about pages: one h1, a lead, readable line length. */
export function ServicePage({
  title,
  lead,
  children,
  ready = true,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  /** False while the content loads, so a #section is looked for only once it exists. */
  ready?: boolean;
}) {
  useDocumentTitle(title);
  useScrollToHash(ready);
  return (
    <Container size={820} px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {lead ? <Text c="dimmed">{lead}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
