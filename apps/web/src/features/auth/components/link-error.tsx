import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/button-link';

export interface LinkErrorProps {
  /** The wrong-link text for this kind of link. */
  text: string;
  actionLabel: string;
  actionHref: string;
  extra?: ReactNode;
}

/** A mail link that is wrong, used or expired: its wrong-link text and the way to get a new one. */
export function LinkError({ text, actionLabel, actionHref, extra }: LinkErrorProps) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" data-testid="link-error">
        {text}
      </Alert>
      {extra}
      <ButtonLink href={actionHref} variant="light">
        {actionLabel}
      </ButtonLink>
    </Stack>
  );
}
