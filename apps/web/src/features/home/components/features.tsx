import { Anchor, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';

function Glyph({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const QR = 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2';
const CHAT = 'M4 5h16v11H9l-5 4zM8 10h8M8 13h5';
const WIFI = 'M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01';

function FeatureCard({
  icon,
  title,
  body,
  points,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  points: string[];
}) {
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack gap="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm">{body}</Text>
        <List size="sm" spacing={4}>
          {points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * The top page's about section: the three services (QR codes, channels, Wi-Fi pages), each in a
 * sentence and three points.
 */
export function Features() {
  const { t } = useTranslation('home');
  return (
    <Container size="lg" py={{ base: 40, sm: 64 }} component="section" aria-labelledby="features-title">
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <Title order={2} id="features-title" fz={{ base: 22, sm: 28 }}>
            {t('features.title')}
          </Title>
          <Text maw={720}>{t('features.lead')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <FeatureCard
            icon={<Glyph d={QR} />}
            title={t('features.qr.title')}
            body={t('features.qr.body')}
            points={[t('features.qr.point1'), t('features.qr.point2'), t('features.qr.point3')]}
          />
          <FeatureCard
            icon={<Glyph d={CHAT} />}
            title={t('features.channel.title')}
            body={t('features.channel.body')}
            points={[
              t('features.channel.point1'),
              t('features.channel.point2'),
              t('features.channel.point3'),
            ]}
          />
          <FeatureCard
            icon={<Glyph d={WIFI} />}
            title={t('features.wifi.title')}
            body={t('features.wifi.body')}
            points={[t('features.wifi.point1'), t('features.wifi.point2'), t('features.wifi.point3')]}
          />
        </SimpleGrid>
        <Text ta="center">
          <Anchor component={Link} to={paths.serviceAbout}>
            {t('features.more')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
