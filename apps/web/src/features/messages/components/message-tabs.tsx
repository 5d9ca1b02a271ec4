import { Tabs, Text, Textarea } from '@mantine/core';
import { MESSAGE_LIMITS, MESSAGE_TABS } from '@qrqr/shared/message-constants';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MessageDetailTab } from './message-detail-tab';
import { TagsSelect } from './message-editor-parts';
import type { MessageFormValues, SaveMessageWithTestInput } from './message-form-values';
import { MessagePushTab } from './message-push-tab';
import tabClasses from './message-tabs.module.css';
import type { QuietHoursSetting } from './quiet-hours';
import type { ContentEditor } from './use-content-editor';

/**
 * The message editor's four tabs: the push, the detail the follower opens, the coupon's rule
 * of use and the tags a follower gets on using it.
 */
export function MessageTabs(props: {
  editor: ContentEditor<MessageFormValues, SaveMessageWithTestInput>;
  readOnly: boolean;
  lists: SendlistDto[] | undefined;
  recipients: number | null;
  pushesAt: number | null;
  quietHours: QuietHoursSetting;
  pushFinishNote?: ReactNode;
  couponMissing: boolean;
  onCouponCreate: () => void;
}) {
  const { t } = useTranslation('channel-messages');
  const { editor, readOnly } = props;
  const { v, set, has, errorOf, counter } = editor;
  const [tab, setTab] = useState<string>(String(MESSAGE_TABS.push));
  return (
    <Tabs
      value={tab}
      onChange={(next) => next && setTab(next)}
      keepMounted={false}
      classNames={{ list: tabClasses.list, tab: tabClasses.tab }}
    >
      <Tabs.List aria-label={t('edit.tabs')} grow>
        {Object.values(MESSAGE_TABS).map((n) => (
          <Tabs.Tab key={n} value={String(n)} data-testid={`message-tab-${n}`}>
            {t(`edit.tab_${n}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={String(MESSAGE_TABS.push)} pt="md">
        <MessagePushTab
          editor={editor}
          readOnly={readOnly}
          lists={props.lists}
          recipients={props.recipients}
          pushesAt={props.pushesAt}
          quietHours={props.quietHours}
          pushFinishNote={props.pushFinishNote}
        />
      </Tabs.Panel>
      <Tabs.Panel value={String(MESSAGE_TABS.detail)} pt="md">
        <MessageDetailTab
          editor={editor}
          readOnly={readOnly}
          couponMissing={props.couponMissing}
          onCouponCreate={props.onCouponCreate}
        />
      </Tabs.Panel>
      <Tabs.Panel value={String(MESSAGE_TABS.useRule)} pt="md">
        {has('coupon') ? (
          <Textarea
            label={t('edit.coupon_detail')}
            autosize
            minRows={4}
            value={v.coupon_text_detail}
            onChange={(e) => set('coupon_text_detail', e.currentTarget.value)}
            description={counter(v.coupon_text_detail, MESSAGE_LIMITS.couponTextMax)}
            error={errorOf('coupon_text_detail')}
            readOnly={readOnly}
            data-testid="message-coupon-detail"
          />
        ) : (
          <Text c="dimmed">{t('edit.no_coupon_layout')}</Text>
        )}
      </Tabs.Panel>
      <Tabs.Panel value={String(MESSAGE_TABS.couponUse)} pt="md">
        {has('coupon') ? (
          <TagsSelect
            label={t('edit.coupon_use_tags')}
            {...editor.tagsProps('push_coupon_use_tags')}
            searchable
            testId="message-coupon-use-tags"
          />
        ) : (
          <Text c="dimmed">{t('edit.no_coupon_layout')}</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
