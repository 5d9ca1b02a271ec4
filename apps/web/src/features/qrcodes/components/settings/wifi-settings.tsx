import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ANALYSIS_TYPES, QR_TYPES } from '@qrqr/shared/qr-constants';
import type { ChangeWifiProfileBody } from '@qrqr/shared/qrcode-schemas';
import { type Resolver, useForm } from '../../../../lib/form';
import { lazyZodResolver } from '../../../../lib/lazy-zod-resolver';
import { notify } from '../../../../lib/notify';
import { useTranslation } from '../../../../lib/use-translation';
import { useChangeWifiProfile } from '../../api/change-wifi-profile';
import { useQrFailure } from '../use-qr-failure';
import { WifiExpiryField, type WifiFieldValues, WifiNetworkFields } from '../wifi/wifi-fields';
import type { CodeSettingsProps } from './analysis-settings';
import { WifiCurrent } from './wifi-current';

const loadSchema = async () => (await import('../../../../lib/form-schemas')).changeWifiProfileBody;
const FIELDS = ['name', 'ssid', 'password', 'encryption', 'hidden', 'expir_time'] as const;

type Values = WifiFieldValues & { id: string; expir_time: number | null };

/**
 * A Wi-Fi code's network, current beside new, applied through /qrcode/changeWifiProfile/: a
 * secret code keeps its print; a plain one holds the settings, so it says to print it again.
 */
export function WifiSettings({ code, isGuest, invalidates }: CodeSettingsProps) {
  const { t } = useTranslation(['readlog', 'qrcode']);
  const change = useChangeWifiProfile(invalidates);
  const fail = useQrFailure();
  const wifi = code.wifi;
  const secret = code.analysis_type === ANALYSIS_TYPES.secret;
  const form = useForm<Values, ChangeWifiProfileBody>({
    resolver: lazyZodResolver(loadSchema) as unknown as Resolver<Values, ChangeWifiProfileBody>,
    defaultValues: {
      id: code.id,
      name: wifi?.name ?? '',
      ssid: wifi?.ssid ?? '',
      password: wifi?.password ?? '',
      encryption: wifi?.encryption ?? 'WPA',
      hidden: wifi?.hidden ?? false,
      expir_time: wifi?.expir_time ?? null,
    },
  });
  if (code.type !== QR_TYPES.wifi || !wifi) return null;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      // Only our reader enforces an expiry, so a plain code carries none.
      { ...values, expir_time: secret ? values.expir_time : null },
      {
        onSuccess: (saved) => {
          form.reset({ ...form.getValues(), ...saved.wifi, id: code.id });
          void notify({
            color: 'teal',
            message: t('wifi.saved'),
            closeButtonProps: { 'aria-label': t('common:close') },
          });
        },
        onError: (error) => fail(error, { setError: form.setError, fields: FIELDS }),
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="wifi-settings-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="wifi-settings-title">
          {t('wifi.title')}
        </Title>
        {!isGuest && code.is_owner ? (
          <Alert variant="light" color={secret ? 'teal' : 'yellow'} data-testid="wifi-print-note">
            <Text size="sm" c="gray.9">
              {secret ? t('wifi.keeps_code') : t('wifi.reprint')}
            </Text>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {t('wifi.current')}
            </Text>
            <WifiCurrent wifi={wifi} />
          </Stack>
          {isGuest || !code.is_owner ? (
            <Text size="sm" c="dimmed" data-testid="wifi-guest">
              {t('wifi.guest_note')}
            </Text>
          ) : (
            <form onSubmit={onSubmit} noValidate data-testid="wifi-form">
              <Stack gap="sm">
                <Text fw={700} size="sm">
                  {t('wifi.new')}
                </Text>
                <WifiNetworkFields form={form} />
                {secret ? <WifiExpiryField form={form} /> : null}
                <Group justify="flex-end">
                  <Button type="submit" loading={change.isPending} data-testid="wifi-apply">
                    {t('wifi.apply')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
