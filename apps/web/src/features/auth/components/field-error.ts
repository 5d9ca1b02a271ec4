import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/form-errors';

/** Turns a form error (a message key from the shared schemas, or server text) into display text. */
export function useFieldError(): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => fieldErrorText(t, error?.message);
}
