import { Alert } from '@mantine/core';

/** The `[code]message` of a failed submission, above the form it belongs to. */
export function FormAlert({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {text}
    </Alert>
  );
}
