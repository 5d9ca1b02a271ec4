import { useErrorModal } from '../../../components/dialogs/error-modal';
import { errorText } from '../../../lib/error-text';
import type { FieldValues, Path, UseFormSetError } from '../../../lib/form';
import { applyApiError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';

interface FormTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
}

/**
 * Failures of the QR-manager flows: field errors go under their inputs; any other failure opens the
 * error modal with the server's `[code]message` when it carries an E- code, else the generic text.
 */
export function useQrFailure() {
  const { t } = useTranslation();
  const { showError } = useErrorModal();
  return <T extends FieldValues>(error: unknown, form?: FormTarget<T>) => {
    if (form) {
      const rest = applyApiError(error, { setError: form.setError, fields: form.fields, t });
      if (rest === null) return;
    }
    const text = errorText(error, t);
    showError(text.includes('E-') ? text : undefined, error);
  };
}
