import { Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

// What the channel service will bring (spec §1), so the page says more than "not yet".
const COMING = ['followers', 'tags', 'send_lists', 'messages', 'welcome', 'wifi_pages'] as const;

/** Stand-in for the channel service screens the header and the create form already link to. */
export function ComingSoonPage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('coming_soon.title'));
  return (
    <Container size="sm" py={{ base: 40, sm: 64 }} data-testid="coming-soon">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('coming_soon.title')}
          </Title>
          <Text>{t('coming_soon.body')}</Text>
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('coming_soon.list_title')}
          </Title>
          <List spacing={6} data-testid="coming-soon-list">
            {COMING.map((key) => (
              <List.Item key={key}>{t(`coming_soon.items.${key}`)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('coming_soon.meanwhile')}
          </Text>
        </Stack>
        <Button component={Link} to={paths.home} style={{ alignSelf: 'center' }}>
          {t('common:back_to_top')}
        </Button>
      </Stack>
    </Container>
  );
}
