import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { KeepDates } from '../../../components/keep-dates';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';

const METHOD = {
  [ANALYSIS_TYPES.none]: 'none',
  [ANALYSIS_TYPES.redirect]: 'redirect',
  [ANALYSIS_TYPES.secret]: 'secret',
} as const;

/** Which code this is: title, what it holds, method and whether it counts now. */
export function CodeSummary({ code, firstReadDay }: { code: QrCodeDto; firstReadDay: string | null }) {
  const { t } = useTranslation('readlog');
  const content = code.tab === QR_TABS.wifi ? (code.wifi?.ssid ?? code.url) : code.url;
  const method = t(`summary.method_${METHOD[code.analysis_type]}`);
  return (
    <Paper withBorder radius="md" p="md" data-testid="code-summary">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" c={code.title ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {code.title || t('summary.untitled')}
          </Title>
          {code.analysis_type === ANALYSIS_TYPES.none ? null : (
            <Badge
              variant="light"
              color={code.analysis ? 'teal' : 'gray'}
              // The darkest shade on the lightest: the state reads at 4.5:1 in either colour.
              bg={code.analysis ? 'teal.0' : 'gray.1'}
              c={code.analysis ? 'teal.9' : 'gray.9'}
              tt="none"
              data-testid="analysis-state"
            >
              {code.analysis ? t('summary.counting') : t('summary.paused')}
            </Badge>
          )}
        </Group>
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {content}
        </Text>
        <Text size="sm" c="dimmed">
          {t('summary.method', { value: method })}
        </Text>
        {code.redirect_url ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('summary.redirect_url', { url: code.redirect_url })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          <KeepDates>{t('summary.created', { date: formatDateTime(code.created_at) })}</KeepDates>
          {' · '}
          <KeepDates>
            {firstReadDay ? t('summary.first_read', { day: firstReadDay }) : t('summary.no_first_read')}
          </KeepDates>
        </Text>
      </Stack>
    </Paper>
  );
}
