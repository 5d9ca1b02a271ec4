import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

/** Stand-in for screens of later issues (QR list, channel service) that the header already links to. */
export function ComingSoonPage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('coming_soon.title'));
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('coming_soon.title')}
        </Title>
        <Text>{t('coming_soon.body')}</Text>
        <Button component={Link} to={paths.home}>
          {t('common:back_to_top')}
        </Button>
      </Stack>
    </Container>
  );
}
