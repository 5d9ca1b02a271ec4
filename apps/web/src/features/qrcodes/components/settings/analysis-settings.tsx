import { Alert, Anchor, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ANALYSIS_TYPES } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { notify } from '../../../../lib/notify';
import { Link } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/use-translation';
import { useUpdateAnalytics } from '../../api/update-analytics';
import { useQrFailure } from '../use-qr-failure';

export interface CodeSettingsProps {
  code: QrCodeDto;
  isGuest: boolean;
  /** Another cached view of the code to refresh after a change (the read log). */
  invalidates?: readonly unknown[];
}

const SIGNUP_WITH_HISTORY = `${paths.signup}?migrate=1`;

/**
 * Counting on or off, only where the printed code keeps working, and plainly why the method
 * cannot change: the rules are the server's (analytics-switch.ts in @qrqr/shared).
 */
export function AnalysisSettings({ code, isGuest, invalidates }: CodeSettingsProps) {
  const { t } = useTranslation('readlog');
  const update = useUpdateAnalytics(invalidates);
  const fail = useQrFailure();
  const held = code.analysis_type;

  const toggle = (on: boolean) =>
    update.mutate(
      { id: code.id, analytics: on, analytics_type: held },
      {
        onSuccess: () =>
          void notify({
            color: 'teal',
            message: on ? t('settings.saved_on') : t('settings.saved_off'),
            closeButtonProps: { 'aria-label': t('common:close') },
          }),
        onError: (error) => fail(error),
      },
    );

  let control = null;
  if (isGuest) {
    control = (
      <Text size="sm" data-testid="settings-guest">
        {t('settings.guest_note')}{' '}
        <Anchor component={Link} to={SIGNUP_WITH_HISTORY} fw={700}>
          {t('settings.register')}
        </Anchor>
      </Text>
    );
  } else if (!code.is_owner) {
    control = <Text size="sm">{t('settings.not_owner')}</Text>;
  } else if (held !== ANALYSIS_TYPES.none) {
    control = (
      <Switch
        size="md"
        checked={code.analysis}
        disabled={update.isPending}
        onChange={(e) => toggle(e.currentTarget.checked)}
        label={t('settings.switch_label')}
        description={code.analysis ? t('settings.switch_on_help') : t('settings.switch_off_help')}
        data-testid="analysis-switch"
      />
    );
  }

  const explanation =
    held === ANALYSIS_TYPES.none
      ? t('settings.method_none')
      : held === ANALYSIS_TYPES.redirect
        ? t('settings.method_fixed_redirect')
        : t('settings.method_fixed_secret');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analysis-settings-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="analysis-settings-title">
          {t('settings.title')}
        </Title>
        {control}
        <Alert variant="light" color="gray" title={t('settings.method_title')} data-testid="method-explain">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{explanation}</Text>
            <Anchor component={Link} to={paths.home} size="sm">
              {t('empty.create_new')}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    </Paper>
  );
}
