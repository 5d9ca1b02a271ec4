import { Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_LIMITS } from '@qrqr/shared/message-constants';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import type { ReactNode } from 'react';
import { DatePickerField } from '../../../components/date-picker';
import { KeepDates } from '../../../components/keep-dates';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { LayoutSelect, TagsSelect } from './message-editor-parts';
import type { MessageFormValues, SaveMessageWithTestInput } from './message-form-values';
import type { QuietHoursSetting } from './quiet-hours';
import type { ContentEditor } from './use-content-editor';

/**
 * The message editor's push tab: the layout, the push text and its tags, who it goes to (every
 * follower or a send list) and how many that reaches, the send date, the quiet hours' delay and
 * when the pushes would finish.
 */
export function MessagePushTab(props: {
  editor: ContentEditor<MessageFormValues, SaveMessageWithTestInput>;
  readOnly: boolean;
  lists: SendlistDto[] | undefined;
  /** Followers it would reach now (null while counted or before a list is chosen). */
  recipients: number | null;
  /** When the pushes go out, if the send time falls in the channel's quiet hours. */
  pushesAt: number | null;
  quietHours: QuietHoursSetting;
  /** When the send's pushes would finish (push-finish-note.tsx), shown under the send time. */
  pushFinishNote?: ReactNode;
}) {
  const { t } = useTranslation('channel-messages');
  const { editor, readOnly, recipients, pushesAt } = props;
  const { v, set, errorOf, counter } = editor;
  return (
    <Stack gap="md">
      <LayoutSelect
        value={v.layout}
        onChange={(layout) => set('layout', layout)}
        disabled={readOnly}
        testId="message-layout"
      />
      <Textarea
        label={t('edit.push_text')}
        withAsterisk
        autosize
        minRows={2}
        value={v.push_text}
        onChange={(e) => set('push_text', e.currentTarget.value)}
        description={counter(v.push_text, MESSAGE_LIMITS.pushTextMax)}
        error={errorOf('push_text')}
        readOnly={readOnly}
        data-testid="message-push-text"
      />
      <TagsSelect
        label={t('edit.push_tag')}
        {...editor.tagsProps('push_tag')}
        searchable
        testId="message-push-tag"
      />
      <Radio.Group
        label={t('edit.audience')}
        value={v.audience}
        onChange={(a) => set('audience', a as 'all' | 'list')}
      >
        <Group gap="md" mt={6}>
          <Radio
            value="all"
            label={t('edit.audience_all')}
            disabled={readOnly}
            data-testid="message-to-all"
          />
          <Radio
            value="list"
            label={t('edit.audience_list')}
            disabled={readOnly}
            data-testid="message-to-list"
          />
        </Group>
      </Radio.Group>
      {v.audience === 'list' ? (
        <Select
          label={t('edit.sendlist')}
          placeholder={t('edit.sendlist_placeholder')}
          data={(props.lists ?? []).map((l) => ({
            value: String(l.sendlist_id),
            label: `${l.sendlist_name}（${l.follower_count}）`,
          }))}
          value={v.send_list_id === null ? null : String(v.send_list_id)}
          onChange={(n) => set('send_list_id', n === null ? null : Number(n))}
          error={errorOf('send_list_id')}
          disabled={readOnly}
          data-testid="message-sendlist"
        />
      ) : null}
      <Text size="sm" aria-live="polite" data-testid="message-reach">
        {recipients === null ? t('edit.reach_pending') : t('edit.reach', { count: recipients })}
      </Text>
      <Group align="flex-end" gap="xs">
        <div style={{ flex: 1 }}>
          <DatePickerField
            label={t('edit.send_dt')}
            description={t('edit.send_dt_hint')}
            value={v.send_dt}
            onChange={(s) => set('send_dt', s)}
            error={errorOf('send_dt')}
            disabled={readOnly}
            testId="message-send-dt"
          />
        </div>
        {v.send_dt !== null && !readOnly ? (
          <Button variant="subtle" onClick={() => set('send_dt', null)}>
            {t('edit.send_dt_clear')}
          </Button>
        ) : null}
      </Group>
      {pushesAt !== null ? (
        <Text size="sm" c="dimmed" data-testid="message-quiet-hours">
          <KeepDates>
            {t('edit.quiet_hours_note', {
              start: props.quietHours.quiet_start,
              end: props.quietHours.quiet_end,
              date: formatDateTime(pushesAt),
            })}
          </KeepDates>
        </Text>
      ) : null}
      {props.pushFinishNote}
    </Stack>
  );
}
