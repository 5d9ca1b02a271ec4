import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useTranslation } from '../../../lib/use-translation';

interface ErrorScreenProps {
  /** Big status shown above the heading, e.g. "404". */
  badge?: string;
  title: string;
  children: ReactNode;
}

/**
 * Shared body of the error pages. The button is a plain link on purpose: this screen is also shown
 * by the top-level error boundary, outside the router, and a full reload is the safest recovery.
 */
export function ErrorScreen({ badge, title, children }: ErrorScreenProps) {
  const { t } = useTranslation('errors');
  useDocumentTitle(title);
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        {badge ? (
          <Text fz={56} fw={800} c="brand.7" lh={1} aria-hidden="true">
            {badge}
          </Text>
        ) : null}
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {children}
        <Button component="a" href="/" size="md" mt="md" data-testid="back-to-top">
          {t('back_to_top')}
        </Button>
      </Stack>
    </Container>
  );
}
