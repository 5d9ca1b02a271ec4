import { Container, Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../../lib/use-translation';
import { Features } from './components/features';
import { Hero } from './components/hero';
import classes from './components/home.module.css';

interface TopLayoutProps {
  /** The create form and, for guests, the history under it. */
  main: ReactNode;
  /** Account box and news. */
  aside: ReactNode;
}

/**
 * The top page's frame: a compact hero, the create form overlapping its lower edge with the side
 * boxes beside it (below it on narrow screens), then the about section.
 */
export function TopLayout({ main, aside }: TopLayoutProps) {
  const { t } = useTranslation('home');
  useDocumentTitle(t('page_title'));
  return (
    <>
      <Hero />
      <Container size="lg" px={{ base: 'sm', sm: 'md' }} className={classes.overlap}>
        <Grid gap={{ base: 'lg', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">{main}</Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} pt={{ md: 84 }}>
            <Stack gap="lg">{aside}</Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <Features />
    </>
  );
}
