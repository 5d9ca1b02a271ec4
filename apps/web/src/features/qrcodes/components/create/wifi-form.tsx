import { Stack, Text } from '@mantine/core';
import { ANALYSIS_TYPES, QR_TABS, type WifiEncryption } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useTranslation } from '../../../../lib/use-translation';
import { WifiExpiryField, WifiNetworkFields } from '../wifi/wifi-fields';
import { AnalysisChoice } from './analysis-choice';
import { SubmitRow } from './submit-row';
import { useCreateForm } from './use-create-form';

const FIELDS = ['name', 'ssid', 'password', 'encryption', 'hidden', 'expir_time', 'analysis_type'] as const;
// Wi-Fi codes are measured only by the secret method (so their settings can change without reprinting).
const OPTIONS = [ANALYSIS_TYPES.none, ANALYSIS_TYPES.secret] as const;

export function WifiForm({ onCreated }: { onCreated: (code: QrCodeDto) => void }) {
  const { t } = useTranslation('qrcode');
  const { form, formProps, pending, analysis } = useCreateForm({
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
  const secret = analysis.value === ANALYSIS_TYPES.secret;

  return (
    <form {...formProps} data-testid="create-form-wifi">
      <Stack gap="md">
        <WifiNetworkFields form={form} />
        <AnalysisChoice {...analysis} options={OPTIONS} wifi />
        {/* Ordinary cameras ignore an expiry; only our reader (the secret method) enforces it. */}
        {secret ? (
          <WifiExpiryField form={form} />
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
