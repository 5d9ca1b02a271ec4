import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from '../../../lib/form';
import { applyApiError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Where a failed save goes: field errors under their inputs, E-713 (a list with the same name)
 * under the name, anything else as `[code]message` above the form.
 */
export function useEditorFailure<T extends FieldValues>(form: { setError: UseFormSetError<T> }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const fields = ['sendlist_name', 'box_filter_1', 'tag_list_1', 'box_filter_2', 'tag_list_2'] as Path<T>[];
  return {
    alert,
    clear: () => setAlert(null),
    show: (error: unknown) =>
      setAlert(
        applyApiError(error, {
          setError: form.setError,
          fields,
          codeFields: { 'E-713': 'sendlist_name' as Path<T> },
          t,
        }),
      ),
  };
}
