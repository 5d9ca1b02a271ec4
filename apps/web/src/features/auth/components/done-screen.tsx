import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthCard } from './auth-card';

interface DoneScreenProps {
  title: string;
  testId: string;
  /** The paragraphs: what happened, and what happens next. */
  children: ReactNode;
  /** One button, or several in `DoneActions`. */
  actions: ReactNode;
}

/** The end of a flow ("mail sent", "complete"): a few paragraphs, then where to go from here. */
export function DoneScreen({ title, testId, children, actions }: DoneScreenProps) {
  return (
    <AuthCard title={title}>
      <Stack gap="sm" data-testid={testId}>
        {children}
      </Stack>
      {actions}
    </AuthCard>
  );
}
