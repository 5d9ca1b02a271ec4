import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';

/** Turns a form error (a message key from the shared schemas, or server text) into display text. */
export function useFieldError(): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => fieldErrorText(t, error?.message);
}
