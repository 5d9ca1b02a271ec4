import type { PasswordInputProps } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';

/** A required field for the password the user has now, which the browser may fill in. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return <PasswordField autoComplete="current-password" required {...props} />;
}
