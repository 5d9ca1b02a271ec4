import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { MESSAGE_LIMITS } from '@qrqr/shared/message-constants';
import { useTranslation } from '../../../lib/use-translation';
import { CouponSelect } from './message-editor-parts';
import type { MessageFormValues, SaveMessageWithTestInput } from './message-form-values';
import type { ContentEditor } from './use-content-editor';

/**
 * The message editor's detail tab, as the layout has them: the coupon (chosen from the library or
 * made now), its title and summary; the title and text; the picture and its link.
 */
export function MessageDetailTab(props: {
  editor: ContentEditor<MessageFormValues, SaveMessageWithTestInput>;
  readOnly: boolean;
  /** The message's coupon was deleted from the library and none is chosen instead. */
  couponMissing: boolean;
  /** Saves the draft and opens coupon creation, which comes back to it. */
  onCouponCreate: () => void;
}) {
  const { t } = useTranslation('channel-messages');
  const { editor, readOnly } = props;
  const { v, set, has, errorOf, counter, picture } = editor;
  return (
    <Stack gap="md">
      {has('coupon') ? (
        <>
          {props.couponMissing ? (
            <Alert color="orange" data-testid="message-coupon-missing">
              {t('edit.coupon_missing')}
            </Alert>
          ) : null}
          <CouponSelect {...editor.couponProps} searchable testId="message-coupon" />
          {!readOnly ? (
            <Button variant="subtle" onClick={props.onCouponCreate} data-testid="message-coupon-create">
              {t('edit.coupon_create')}
            </Button>
          ) : null}
          <TextInput
            label={t('edit.coupon_title')}
            value={v.coupon_title}
            onChange={(e) => set('coupon_title', e.currentTarget.value)}
            description={counter(v.coupon_title, MESSAGE_LIMITS.titleMax)}
            error={errorOf('coupon_title')}
            readOnly={readOnly}
            data-testid="message-coupon-title"
          />
          <Textarea
            label={t('edit.coupon_summary')}
            autosize
            minRows={2}
            value={v.coupon_text_summary}
            onChange={(e) => set('coupon_text_summary', e.currentTarget.value)}
            description={counter(v.coupon_text_summary, MESSAGE_LIMITS.summaryMax)}
            error={errorOf('coupon_text_summary')}
            readOnly={readOnly}
            data-testid="message-coupon-summary"
          />
        </>
      ) : null}
      {has('text') ? (
        <>
          <TextInput
            label={t('edit.title')}
            value={v.detail_title}
            onChange={(e) => set('detail_title', e.currentTarget.value)}
            description={counter(v.detail_title, MESSAGE_LIMITS.titleMax)}
            error={errorOf('detail_title')}
            readOnly={readOnly}
            data-testid="message-title"
          />
          <Textarea
            label={t('edit.text')}
            autosize
            minRows={4}
            maxRows={14}
            value={v.detail_text}
            onChange={(e) => set('detail_text', e.currentTarget.value)}
            description={counter(v.detail_text, MESSAGE_LIMITS.textMax)}
            error={errorOf('detail_text')}
            readOnly={readOnly}
            data-testid="message-text"
          />
        </>
      ) : null}
      {has('image') ? (
        <>
          {picture.field}
          <TextInput
            label={t('edit.link_url')}
            value={v.link_url}
            onChange={(e) => set('link_url', e.currentTarget.value)}
            description={counter(v.link_url, MESSAGE_LIMITS.linkUrlMax)}
            error={errorOf('link_url')}
            readOnly={readOnly}
            inputMode="url"
            data-testid="message-link-url"
          />
        </>
      ) : null}
    </Stack>
  );
}
