import { Checkbox, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ANALYSIS_TYPES, QR_LIMITS, QR_TABS, type QrCodeDto, type WifiEncryption } from '@qrqr/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/form-errors';
import { AnalysisChoice } from './analysis-choice';
import { ExpiryField } from './expiry-field';
import { SubmitRow } from './submit-row';
import { useCreateForm } from './use-create-form';

const FIELDS = ['name', 'ssid', 'password', 'encryption', 'hidden', 'expir_time', 'analysis_type'] as const;
// Wi-Fi codes are measured only by the secret method (DESIGN §5).
const OPTIONS = [ANALYSIS_TYPES.none, ANALYSIS_TYPES.secret] as const;

export function WifiForm({ onCreated }: { onCreated: (code: QrCodeDto) => void }) {
  const { t } = useTranslation('qrcode');
  const { form, onSubmit, pending, analysis } = useCreateForm({
    loadSchema: () => import('./schemas').then((m) => m.wifiCodeSchema),
    defaultValues: {
      tab: QR_TABS.wifi,
      analysis_type: ANALYSIS_TYPES.none,
      title: '',
      name: '',
      ssid: '',
      password: '',
      encryption: 'WPA' as WifiEncryption,
      hidden: false,
      expir_time: null as number | null,
    },
    fields: FIELDS,
    onCreated,
    // The management name doubles as the title the list shows; visitors never see either.
    // A plain code carries no expiry: nothing could enforce it.
    toBody: (values) => ({
      ...values,
      title: values.name,
      expir_time: values.analysis_type === ANALYSIS_TYPES.secret ? values.expir_time : null,
    }),
  });
  const { errors } = form.formState;
  const encryption = form.watch('encryption');
  const secret = analysis.value === ANALYSIS_TYPES.secret;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="create-form-wifi">
      <Stack gap="md">
        <TextInput
          label={t('wifi.name_label')}
          description={t('wifi.name_help', { max: QR_LIMITS.wifiNameMax })}
          {...form.register('name')}
          error={fieldErrorText(t, errors.name?.message)}
        />
        <TextInput
          label={t('wifi.ssid_label')}
          description={t('wifi.ssid_help', { max: QR_LIMITS.ssidMax })}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          {...form.register('ssid')}
          error={fieldErrorText(t, errors.ssid?.message)}
        />
        <NativeSelect
          label={t('wifi.encryption_label')}
          data={[
            { value: 'WPA', label: t('wifi.encryption_wpa') },
            { value: 'WEP', label: t('wifi.encryption_wep') },
            { value: 'nopass', label: t('wifi.encryption_none') },
          ]}
          {...form.register('encryption', {
            onChange: (event) => {
              if (event.target.value === 'nopass') form.setValue('password', '');
            },
          })}
          error={fieldErrorText(t, errors.encryption?.message)}
        />
        {encryption === 'nopass' ? null : (
          <PasswordInput
            label={t('wifi.password_label')}
            required
            description={encryption === 'WEP' ? t('wifi.password_help_wep') : t('wifi.password_help_wpa')}
            autoComplete="off"
            {...form.register('password')}
            error={fieldErrorText(t, errors.password?.message)}
          />
        )}
        <Checkbox
          label={t('wifi.hidden_label')}
          description={t('wifi.hidden_help')}
          {...form.register('hidden')}
        />
        <AnalysisChoice {...analysis} options={OPTIONS} wifi />
        {/* Ordinary cameras ignore an expiry; only our reader (the secret method) enforces it. */}
        {secret ? (
          <Controller
            control={form.control}
            name="expir_time"
            render={({ field }) => (
              <ExpiryField
                value={field.value as number | null}
                onChange={field.onChange}
                error={fieldErrorText(t, errors.expir_time?.message)}
              />
            )}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="wifi-expiry-note">
            {t('wifi.expiry_needs_secret')}
          </Text>
        )}
        <SubmitRow pending={pending} />
      </Stack>
    </form>
  );
}
