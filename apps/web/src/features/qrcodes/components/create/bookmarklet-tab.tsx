import { Alert, Box, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import classes from './create.module.css';

/** Opens our top page with the current page's address in the URL tab. */
export function bookmarkletSource(origin: string): string {
  return `javascript:(function(){location.href=${JSON.stringify(`${origin}/?url=`)}+encodeURIComponent(location.href);})();`;
}

/**
 * A link to drag to the bookmarks bar. React refuses `javascript:` hrefs, so the address is set on
 * the element directly; our own CSP would block it here, but a bookmarklet runs on the other page.
 */
export function BookmarkletTab() {
  const { t } = useTranslation('qrcode');
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const node = link.current;
    if (!node) return;
    node.setAttribute('href', bookmarkletSource(window.location.origin));
    // Clicking it here would do nothing useful (and our CSP blocks it); it is meant to be dragged.
    const stay = (event: MouseEvent) => event.preventDefault();
    node.addEventListener('click', stay);
    return () => node.removeEventListener('click', stay);
  }, []);

  return (
    <Stack gap="md" data-testid="bookmarklet-tab">
      <Title order={3} fz="lg">
        {t('bookmarklet.title')}
      </Title>
      <Text>{t('bookmarklet.body')}</Text>
      <Box>
        {/* The placeholder href is replaced by the bookmarklet once mounted. */}
        <a
          ref={link}
          href="#bookmarklet"
          className={classes.bookmarklet}
          data-testid="bookmarklet-link"
          title={t('bookmarklet.drag_hint')}
        >
          {t('bookmarklet.link_label')}
        </a>
      </Box>
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>{t('bookmarklet.step1')}</List.Item>
        <List.Item>{t('bookmarklet.step2')}</List.Item>
        <List.Item>{t('bookmarklet.step3')}</List.Item>
      </List>
      <Alert variant="light" color="gray">
        {t('bookmarklet.phone_note')}
      </Alert>
    </Stack>
  );
}
