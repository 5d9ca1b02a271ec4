import { useState } from 'react';
import type { FieldValues, UseFormReturn } from '../../../lib/form';
import { applyApiError, type ErrorTargets } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The alert above an account form and the way a failed request reaches it: server field errors
 * go under their inputs, the rest into the alert. `clear` when a new submission starts.
 */
export function useFormFailure<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any form over these values, whatever it sends.
  form: Pick<UseFormReturn<T, any>, 'setError'>,
  targets: ErrorTargets<T>,
) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  return {
    alert,
    clear: () => setAlert(null),
    show: (error: unknown) => setAlert(applyApiError(error, { setError: form.setError, ...targets, t })),
  };
}
