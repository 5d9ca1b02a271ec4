import { Alert } from '@mantine/core';
import { CodedMessage } from '../../../../components/feedback/coded-message';
import { isApiError } from '../../../../lib/api-client';
import { errorText } from '../../../../lib/error-text';
import { useTranslation } from '../../../../lib/use-translation';

/** A refused file or export: the server's field message (too many rows, unreadable bytes), else `[code]message`. */
export function BulkFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const fieldMessage = isApiError(error) ? error.fieldErrors[0]?.message : undefined;
  return (
    <Alert color="red" role="alert" data-testid="bulk-failure">
      <CodedMessage
        text={fieldMessage ? `[${(error as { code: string }).code}]${fieldMessage}` : errorText(error, t)}
      />
    </Alert>
  );
}
