import { Container, Group, Stack, Text } from '@mantine/core';
import { FOOTER_LINK_KEYS, type FooterLinks } from '@qrqr/shared/page-params';
import type { Ref } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { LangSwitch } from './lang-switch';
import classes from './site-footer.module.css';

interface SiteFooterProps {
  links: FooterLinks;
  ref?: Ref<HTMLElement>;
}

export function SiteFooter({ links, ref }: SiteFooterProps) {
  const { t } = useTranslation('common');
  // Company, terms, privacy, news, FAQ, about, inquiry, blog, in that order; a link the server did not
  // configure is left out rather than pointing somewhere else.
  const present = FOOTER_LINK_KEYS.filter((key) => links[key]);
  return (
    <footer className={classes.footer} ref={ref}>
      <Container size="lg">
        <Stack gap="md">
          {present.length > 0 ? (
            <nav aria-label={t('footer.links_label')}>
              <ul className={classes.links}>
                {present.map((key) => (
                  <li key={key}>
                    <a href={links[key]}>{t(`footer.${key}`)}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" c="gray.8">
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </Text>
            <LangSwitch />
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
