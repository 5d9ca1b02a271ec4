import { Stack, Textarea } from '@mantine/core';
import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import { AnalysisChoice } from './analysis-choice';
import { byteCounterProps } from './byte-counter';
import { SubmitRow } from './submit-row';
import { TitleField } from './title-field';
import { useCreateForm } from './use-create-form';

const FIELDS = ['text', 'title', 'analysis_type'] as const;
const OPTIONS = [ANALYSIS_TYPES.none, ANALYSIS_TYPES.redirect, ANALYSIS_TYPES.secret] as const;

export function TextForm({ onCreated }: { onCreated: (code: QrCodeDto) => void }) {
  const { t } = useTranslation('qrcode');
  const { form, formProps, pending, analysis } = useCreateForm({
    loadSchema: () => import('./schemas').then((m) => m.textCodeSchema),
    defaultValues: { tab: QR_TABS.text, text: '', title: '', analysis_type: ANALYSIS_TYPES.none },
    fields: FIELDS,
    onCreated,
  });
  const { errors } = form.formState;

  return (
    <form {...formProps} data-testid="create-form-text">
      <Stack gap="md">
        <Textarea
          label={t('form.text_label')}
          placeholder={t('form.text_placeholder')}
          required
          autosize
          minRows={4}
          maxRows={12}
          {...form.register('text')}
          error={fieldErrorText(t, errors.text?.message)}
          {...byteCounterProps(form.watch('text') ?? '', errors.text?.message)}
        />
        <TitleField {...form.register('title')} error={errors.title?.message} />
        <AnalysisChoice {...analysis} options={OPTIONS} />
        <SubmitRow pending={pending} />
      </Stack>
    </form>
  );
}
