import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';
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
 * A channel screen with the create-style sub-header (message, welcome message, coupon and send
 * list create, channel settings): title, back and actions stay in view while the form scrolls.
 * It also names the screen in the tab title, and in the channel service says the channel's
 * follower count.
 */
export function ChannelPage({ title, back, actions, counts, children, ...rest }: ChannelPageProps) {
  useDocumentTitle(title);
  const { t } = useTranslation('channels');
  const { channel, logoType } = useChannelArea();
  // The channel's followers (register_count) in its sub-header; Wi-Fi pages are not about them.
  const followers = channel && logoType === 1 ? channel.user_count : null;
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
              {followers !== null || counts ? (
                <Group gap={4} wrap="wrap">
                  {followers !== null ? (
                    <Text size="sm" c="dimmed" data-testid="channel-register-count">
                      {t('header.register_count', { count: followers })}
                      {counts ? ' ・' : ''}
                    </Text>
                  ) : null}
                  {counts ? <div data-testid="sub-header-counts">{counts}</div> : null}
                </Group>
              ) : null}
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
