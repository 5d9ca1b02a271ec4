import { Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSearchParams } from '../../../lib/router';
import { signinUrl } from '../../../lib/safe-next';
import { useSession } from '../../../lib/session';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { useTranslation } from '../../../lib/use-translation';

const POINTS = ['follow', 'message', 'coupon', 'tags'] as const;
const STEPS = ['register', 'create', 'place'] as const;

/**
 * /qrchannel/register: what the channel service is and how to start; with `source=channel`
 * (the sidebar's "what is a channel") the same explanation titled as such. The button leads to
 * the next step for this visitor: sign-up or sign-in, service registration, or the channel area.
 */
/** The channel texts load with the channel screens, not with every first visit. */
export function ChannelRegisterPage() {
  return useScreenTexts('channels') ? <ChannelRegisterPageContent /> : <PageLoader />;
}

function ChannelRegisterPageContent() {
  const { t } = useTranslation('channels');
  const [search] = useSearchParams();
  const { params } = useSession();
  const about = search.get('source') === 'channel';
  const title = about ? t('register.about_title') : t('register.title');
  useDocumentTitle(title);

  let action = (
    <ButtonLink href={paths.channelServiceRegister} size="md" data-testid="register-start">
      {t('register.start')}
    </ButtonLink>
  );
  if (params.isGuest) {
    action = (
      <Group gap="sm">
        <ButtonLink href={params.REGISTER_URL || paths.signup} size="md" data-testid="register-signup">
          {t('register.signup')}
        </ButtonLink>
        <ButtonLink
          href={signinUrl(paths.signin, paths.channelServiceRegister)}
          variant="default"
          size="md"
          data-testid="register-signin"
        >
          {t('register.signin')}
        </ButtonLink>
      </Group>
    );
  } else if (params.isUserRegisteredChannelService) {
    action = (
      <ButtonLink href={paths.channelHome} size="md" data-testid="register-open">
        {t('register.open')}
      </ButtonLink>
    );
  }

  return (
    <Container
      size={860}
      px={{ base: 'sm', sm: 'md' }}
      py={{ base: 'lg', sm: 48 }}
      data-testid="channel-register"
    >
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Text>{t('register.lead')}</Text>
        </Stack>
        <List spacing="xs">
          {POINTS.map((key) => (
            <List.Item key={key}>{t(`register.points.${key}`)}</List.Item>
          ))}
        </List>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('register.steps_title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {STEPS.map((key, index) => (
              <Paper key={key} withBorder radius="md" p="md">
                <Text fw={700} c="brand.7">
                  {t('register.step_label', { n: index + 1 })}
                </Text>
                <Text fw={700}>{t(`register.steps.${key}.title`)}</Text>
                <Text size="sm">{t(`register.steps.${key}.body`)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('register.free_note')}
        </Text>
        <div>{action}</div>
      </Stack>
    </Container>
  );
}
