import { Stack, TextInput } from '@mantine/core';
import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { withDefaultScheme } from '@qrqr/shared/url-scheme';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import { AnalysisChoice } from './analysis-choice';
import { byteCounterProps } from './byte-counter';
import { EncodedUrlNote } from './encoded-url-note';
import { SubmitRow } from './submit-row';
import { TitleField } from './title-field';
import { useCreateForm } from './use-create-form';

const FIELDS = ['url', 'title', 'analysis_type'] as const;
const OPTIONS = [ANALYSIS_TYPES.none, ANALYSIS_TYPES.redirect, ANALYSIS_TYPES.secret] as const;

interface UrlFormProps {
  /** From `?url=` (the bookmarklet). */
  initialUrl: string;
  onCreated: (code: QrCodeDto) => void;
}

export function UrlForm({ initialUrl, onCreated }: UrlFormProps) {
  const { t } = useTranslation('qrcode');
  const { form, formProps, pending, analysis } = useCreateForm({
    loadSchema: () => import('./schemas').then((m) => m.urlCodeSchema),
    defaultValues: { tab: QR_TABS.url, url: initialUrl, title: '', analysis_type: ANALYSIS_TYPES.none },
    fields: FIELDS,
    onCreated,
  });
  const { errors } = form.formState;
  const typed = (form.watch('url') ?? '').trim();
  const encoded = withDefaultScheme(typed);

  return (
    <form {...formProps} data-testid="create-form-url">
      <Stack gap="md">
        <TextInput
          label={t('form.url_label')}
          placeholder={t('form.url_placeholder')}
          type="url"
          inputMode="url"
          autoComplete="url"
          required
          {...form.register('url')}
          error={fieldErrorText(t, errors.url?.message)}
          {...byteCounterProps(
            encoded,
            errors.url?.message,
            encoded !== typed ? <EncodedUrlNote url={encoded} /> : null,
          )}
        />
        <TitleField {...form.register('title')} error={errors.title?.message} />
        <AnalysisChoice {...analysis} options={OPTIONS} />
        <SubmitRow pending={pending} />
      </Stack>
    </form>
  );
}
