import { Badge, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type PageParams, paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { HeroArt } from './hero-art';
import classes from './home.module.css';

/** What the service is, and the way in: register / login for guests, the tools for members. */
export function Hero({ params }: { params: PageParams }) {
  const { t } = useTranslation('home');
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg" maw={720}>
            <Badge variant="white" color="brand" size="lg" radius="sm" className={classes.badge}>
              {t('hero.eyebrow')}
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              {t('hero.title')}
            </Title>
            <Text size="lg" className={classes.heroLead}>
              {t('hero.lead')}
            </Text>
            {params.isGuest ? (
              <Group gap="sm">
                <ButtonLink
                  href={params.REGISTER_URL || paths.signup}
                  size="md"
                  variant="white"
                  data-testid="hero-register"
                >
                  {t('hero.register')}
                </ButtonLink>
                <ButtonLink
                  href={paths.signin}
                  size="md"
                  variant="outline"
                  color="white"
                  data-testid="hero-signin"
                >
                  {t('hero.signin')}
                </ButtonLink>
              </Group>
            ) : (
              <Group gap="sm">
                <ButtonLink href={paths.qrList} size="md" variant="white">
                  {t('hero.qr_list')}
                </ButtonLink>
                <ButtonLink
                  href={params.isUserRegisteredChannelService ? paths.channelHome : paths.channelRegister}
                  size="md"
                  variant="outline"
                  color="white"
                >
                  {t('hero.channel')}
                </ButtonLink>
              </Group>
            )}
            {params.isGuest ? (
              <Text size="sm" className={classes.heroNote}>
                {t('hero.guest_note')}
              </Text>
            ) : null}
          </Stack>
          <Box visibleFrom="md">
            <HeroArt />
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
