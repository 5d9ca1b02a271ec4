import { Box, Paper, Stack, Text } from '@mantine/core';
import type { CouponCardData } from '../../../cards/coupon-card';
import {
  InboxRow,
  type MessageCardData,
  MessageDetail,
  MessageNotification,
} from '../../../cards/message-cards';
import { useTranslation } from '../../../lib/use-translation';
import { useMessageCardText } from './card-texts';
import classes from './phone-preview.module.css';

/** The preview: a phone's screen, 505 px high with 30 px below the content. */
export const PREVIEW_HEIGHT = 505;
export const PREVIEW_BOTTOM_PADDING = 30;

export interface PhonePreviewProps {
  message: MessageCardData;
  channelName: string;
  iconUrl: string | null;
  coupon: { data: CouponCardData; imageUrl: string | null; codeImageUrl: string | null } | null;
}

/**
 * The follower's screens as the reader draws them (the same cards): the lock-screen notification,
 * the inbox row, and the opened message with its coupon and code. Redrawn on every keystroke.
 */
export function PhonePreview({ message, channelName, iconUrl, coupon }: PhonePreviewProps) {
  const { t } = useTranslation('channel-messages');
  const card = useMessageCardText();
  return (
    <Stack gap="md" data-testid="message-preview" aria-label={t('edit.preview')}>
      <Section title={t('edit.preview_lock')}>
        <Box className={classes.lock}>
          <MessageNotification
            channelName={channelName}
            iconUrl={iconUrl}
            pushText={message.push_text}
            time={card.text('now')}
            text={card.text}
            locale={card.locale}
          />
        </Box>
      </Section>
      <Section title={t('edit.preview_inbox')}>
        <Box className={classes.inbox}>
          <InboxRow
            channelName={channelName}
            iconUrl={iconUrl}
            pushText={message.push_text}
            date={card.text('now')}
            unread
            couponState={coupon ? 'valid' : null}
            text={card.text}
            locale={card.locale}
            testId="preview-inbox-row"
          />
        </Box>
      </Section>
      <Section title={t('edit.preview_detail')}>
        <Box
          className={classes.phone}
          style={{ height: PREVIEW_HEIGHT, paddingBottom: PREVIEW_BOTTOM_PADDING }}
          data-testid="message-preview-phone"
        >
          <MessageDetail
            message={message}
            imageUrl={message.background_image_url || null}
            coupon={
              coupon
                ? {
                    coupon: coupon.data,
                    imageUrl: coupon.imageUrl,
                    codeImageUrl: coupon.codeImageUrl,
                    state: 'valid',
                    showCode: true,
                  }
                : null
            }
            text={card.text}
            locale={card.locale}
          />
        </Box>
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" fw={700} c="dimmed" mb={6}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}
