import { Alert, Badge, Button, Checkbox, Fieldset, Group, Stack, Text } from '@mantine/core';
import { roundUpToStep } from '@qrqr/shared/date-picker';
import { ssidWarning } from '@qrqr/shared/wifi-constants';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useWifiCodes } from '../api/get-codes';
import { useProfileCall } from '../api/profiles';

/**
 * The page's Wi-Fi codes (made in the QR manager) with their release dates (the shared date picker,
 * 10-minute steps, Japan time): link codes, change a date, publish now, remove. A code whose SSID
 * is not ASCII or is longer than 32 bytes is flagged: some phones do not join it.
 */
export function ProfilesPanel({ page }: { page: WifiPageDto }) {
  const { t, i18n } = useTranslation('wifi');
  const codes = useWifiCodes();
  const call = useProfileCall(page.welcome_page_id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [release, setRelease] = useState<number>(roundUpToStep(Math.floor(Date.now() / 1000)));
  const free = (codes.data ?? []).filter((c) => c.welcome_page_id === null);
  const when = (s: number) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ja-JP', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(s * 1000));
  const warn = (ssid: string) => {
    const w = ssidWarning(ssid);
    return w ? (
      <Text size="xs" c="orange.9" data-testid="ssid-warning">
        {t(`profiles.ssid_${w}`)}
      </Text>
    ) : null;
  };
  return (
    <Fieldset legend={t('profiles.title')} data-testid="wifi-profiles">
      <Stack gap="sm">
        {call.isError ? (
          <Alert color="red">{isApiError(call.error) ? call.error.message : t('profiles.failed')}</Alert>
        ) : null}
        {page.profiles.length === 0 ? <Text c="dimmed">{t('profiles.none')}</Text> : null}
        {page.profiles.map((p) => (
          <Group key={p.qr_wifi_id} justify="space-between" wrap="wrap" gap="xs" data-testid="wifi-profile">
            <Stack gap={0}>
              <Text fw={600}>{p.ssid}</Text>
              {p.name ? (
                <Text size="xs" c="dimmed">
                  {p.name}
                </Text>
              ) : null}
              {warn(p.ssid)}
            </Stack>
            <Group gap="xs">
              <Badge color={p.released ? '#1a7f37' : '#57606a'} variant="filled">
                {p.released ? t('profiles.released') : t('profiles.release_at', { at: when(p.release_dt) })}
              </Badge>
              <Button
                size="xs"
                variant="default"
                onClick={() => call.mutate({ kind: 'update', qr_wifi_id: p.qr_wifi_id, release_dt: release })}
              >
                {t('profiles.set_date')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => call.mutate({ kind: 'delete', qr_wifi_ids: [p.qr_wifi_id] })}
              >
                {t('profiles.remove')}
              </Button>
            </Group>
          </Group>
        ))}
        <DatePickerField
          label={t('profiles.release_dt')}
          value={release}
          onChange={setRelease}
          testId="wifi-release"
        />
        {free.length > 0 ? (
          <Stack gap={4}>
            {free.map((c) => (
              <div key={c.qr_wifi_id}>
                <Checkbox
                  label={`${c.ssid}${c.name ? ` (${c.name})` : ''}`}
                  checked={chosen.includes(c.qr_wifi_id)}
                  onChange={() =>
                    setChosen((x) =>
                      x.includes(c.qr_wifi_id) ? x.filter((y) => y !== c.qr_wifi_id) : [...x, c.qr_wifi_id],
                    )
                  }
                  data-testid="wifi-code-choice"
                />
                {warn(c.ssid)}
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('profiles.no_free_codes')}
          </Text>
        )}
        <Group gap="xs">
          <Button
            disabled={chosen.length === 0}
            loading={call.isPending}
            onClick={() =>
              call.mutate(
                { kind: 'add', qr_wifi_ids: chosen, release_dt: release },
                { onSuccess: () => setChosen([]) },
              )
            }
            data-testid="wifi-link-codes"
          >
            {t('profiles.add')}
          </Button>
          <Button
            color="#1a7f37"
            disabled={page.profiles.length === 0}
            loading={call.isPending}
            onClick={() => call.mutate({ kind: 'publish' })}
            data-testid="wifi-publish"
          >
            {t('profiles.publish')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
