import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import classes from './home.module.css';

/** A compact band: what the page is for, then straight to the create form below it. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <Box className={classes.hero}>
      <Container size="lg" pt={{ base: 28, sm: 44 }} className={classes.heroInner}>
        <Stack gap={8} maw={760}>
          <Title order={1} className={classes.heroTitle}>
            {t('hero.title')}
          </Title>
          <Text className={classes.heroLead}>{t('hero.lead')}</Text>
        </Stack>
      </Container>
    </Box>
  );
}
