import { Container, List, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';

/**
 * /dataportalinfo?source=welcomepage: the data portal's information page (the Wi-Fi area's ad).
 * Its button leads to the portal itself when DATAPORTAL_URL names another address.
 */
export function DataPortalInfoPage() {
  const { t } = useTranslation('wifi');
  const { params } = useSession();
  const portal = params['DATAPORTAL.URL'];
  const external = portal && !portal.startsWith(paths.dataportalInfo) ? portal : null;
  return (
    <Container size="sm" py="xl" data-testid="dataportal-info">
      <Stack gap="md">
        <Title order={1}>{t('info.portal_title')}</Title>
        <Text>{t('info.portal_body')}</Text>
        <List>
          <List.Item>{t('info.portal_point_1')}</List.Item>
          <List.Item>{t('info.portal_point_2')}</List.Item>
          <List.Item>{t('info.portal_point_3')}</List.Item>
        </List>
        {external ? (
          <ButtonLink href={external}>{t('info.portal_open')}</ButtonLink>
        ) : (
          <Text c="dimmed">{t('info.portal_soon')}</Text>
        )}
        <ButtonLink variant="default" href={paths.wifiAbout}>
          {t('info.about_link')}
        </ButtonLink>
      </Stack>
    </Container>
  );
}

/** /qrwifi/about: what a Wi-Fi welcome page is and how to make one. */
export function WifiAboutPage() {
  const { t } = useTranslation('wifi');
  return (
    <Container size="sm" py="xl" data-testid="wifi-about">
      <Stack gap="md">
        <Title order={1}>{t('info.about_title')}</Title>
        <Text>{t('info.about_body')}</Text>
        <List type="ordered">
          <List.Item>{t('info.about_step_1')}</List.Item>
          <List.Item>{t('info.about_step_2')}</List.Item>
          <List.Item>{t('info.about_step_3')}</List.Item>
        </List>
        <ButtonLink href={paths.wifiHome}>{t('info.about_start')}</ButtonLink>
      </Stack>
    </Container>
  );
}
