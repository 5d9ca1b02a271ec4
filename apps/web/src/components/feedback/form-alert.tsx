import { Alert } from '@mantine/core';
import { CodedMessage } from './coded-message';

/** The `[code]message` of a failed submission, above the form it belongs to. */
export function FormAlert({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      <CodedMessage text={text} />
    </Alert>
  );
}
