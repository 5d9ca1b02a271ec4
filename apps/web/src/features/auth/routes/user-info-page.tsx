import { Anchor, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useUserInfo } from '../api/get-user-info';
import { AuthCard } from '../components/auth-card';
import { UserInfoForm } from '../components/user-info-form';

/** Basic info: edit name and company, see the address and password links, and leave. */
export function UserInfoPage() {
  const { t } = useTranslation('auth');
  const user = useUserInfo();

  let content = (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={56} />
      <Skeleton height={56} />
      <Skeleton height={36} width={120} ml="auto" />
    </Stack>
  );
  if (user.isError) {
    content = <RetryAlert error={user.error} onRetry={() => void user.refetch()} />;
  } else if (user.data) {
    content = (
      <>
        <UserInfoForm key={user.data.user_id} user={user.data} />
        <Divider />
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('user_info.sign_in_section')}
          </Title>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('fields.email')}
              </Text>
              <Text fw={600} data-testid="user-email">
                {user.data.email}
              </Text>
            </Stack>
            <Anchor component={Link} to={paths.changeEmailRequest}>
              {t('user_info.change_email')}
            </Anchor>
          </Group>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('fields.password')}
              </Text>
              <Text fw={600} aria-hidden="true">
                ••••••••
              </Text>
            </Stack>
            <Anchor component={Link} to={paths.changePassword}>
              {t('user_info.change_password')}
            </Anchor>
          </Group>
        </Stack>
      </>
    );
  }

  return (
    <AuthCard title={t('user_info.title')} size="md">
      {content}
      <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Stack gap="xs" component="section" aria-labelledby="danger-zone-title">
          <Title order={2} fz="lg" c="red.9" id="danger-zone-title">
            {t('user_info.danger_title')}
          </Title>
          <Text size="sm">{t('user_info.danger_body')}</Text>
          <Group justify="flex-end">
            <ButtonLink href={paths.unsubscribe} variant="outline" color="red.9" data-testid="to-unsubscribe">
              {t('user_info.to_unsubscribe')}
            </ButtonLink>
          </Group>
        </Stack>
      </Paper>
    </AuthCard>
  );
}
