import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import classes from './channel-layout.module.css';

interface ChannelPageProps {
  title: string;
  /** Left of the title: a back link (e.g. <ButtonLink href={href(list)} variant="subtle">). */
  back?: ReactNode;
  /** Right side: save, preview, delete… */
  actions?: ReactNode;
  /** Under the title: counts such as the followers (`register_count`) or "3 / 100". */
  counts?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A channel screen with the create-style sub-header (§2: message, welcome message, coupon and send
 * list create, channel settings): title, back and actions stay in view while the form scrolls.
 * It also names the screen in the tab title.
 */
export function ChannelPage({ title, back, actions, counts, children, ...rest }: ChannelPageProps) {
  useDocumentTitle(title);
  return (
    <section data-testid={rest['data-testid']} aria-labelledby="channel-page-title">
      <div className={classes.subHeader}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {back}
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title
                order={1}
                fz={{ base: 18, sm: 22 }}
                id="channel-page-title"
                className={classes.wrapAnywhere}
              >
                {title}
              </Title>
              {counts ? <div data-testid="sub-header-counts">{counts}</div> : null}
            </Stack>
          </Group>
          {actions ? (
            <Group gap="xs" wrap="wrap" data-testid="sub-header-actions">
              {actions}
            </Group>
          ) : null}
        </Group>
      </div>
      {children}
    </section>
  );
}
