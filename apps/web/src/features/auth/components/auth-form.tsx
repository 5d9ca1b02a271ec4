import { Button, type ButtonProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useHeldSubmit } from '../../../lib/held-submit';

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The request is on its way: the button shows a loader and takes no second click. */
  pending: boolean;
  /** Anything else the submit button needs, such as the red of a destructive action. */
  submitProps?: ButtonProps;
  children: ReactNode;
}

/** The fields of an account form above its full-width submit button. */
export function AuthForm({ onSubmit, submitLabel, pending, submitProps, children }: AuthFormProps) {
  const held = useHeldSubmit();
  return (
    // The schemas validate, in the reader's language; the browser's own bubbles would not.
    <form onSubmit={onSubmit} noValidate {...held}>
      <Stack gap="md">
        {children}
        <Button type="submit" loading={pending} fullWidth {...submitProps}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
