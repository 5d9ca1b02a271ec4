import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** A required field for the password the user has now, which the browser may fill in. */
export function CurrentPasswordInput(props: ComponentProps<typeof PasswordInput>) {
  return <PasswordInput autoComplete="current-password" required {...props} />;
}
