import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** A required e-mail address field: the address keyboard on phones and the browser's autofill. */
export function EmailInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput type="email" autoComplete="email" inputMode="email" required {...props} />;
}
