import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { MESSAGE_LIMITS } from '@qrqr/shared/message-constants';
import { paths } from '@qrqr/shared/paths';
import { WELCOME_LIMITS, WELCOME_STATUSES } from '@qrqr/shared/welcome-message-constants';
import type { WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import { type ReactNode, useMemo } from 'react';
import { DatePickerField } from '../../../components/date-picker';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentChannel, useLeaveSaved } from '../../channels';
import {
  ContentPreview,
  CouponSelect,
  contentOf,
  DraftConditionsDialog,
  type EditorContent,
  EditorFrame,
  EditorLoading,
  emptyContent,
  LayoutSelect,
  TagsSelect,
  useContentEditor,
  useIdParam,
} from '../../messages';
import { useSaveWelcome, useWelcomeMessage } from '../api/welcome-calls';
import { OtherOnDialog } from '../components/other-on-dialog';
import { useTurnOn } from '../components/turn-on';
import { WELCOME_ID_PARAM } from './welcome-id-param';

const loadSchema = async () => (await import('../../../lib/form-schemas')).saveWelcomeMessageBody;

/** A welcome message's values: the content, and the day it stops being sent. */
type Values = EditorContent & { send_end_dt: number | null };

const empty: Values = { ...emptyContent, send_end_dt: null };

const toValues = (m: WelcomeMessageDto): Values => ({ ...contentOf(m), send_end_dt: m.send_end_dt });

/** /qrchannel/welcomemessage/create: a welcome message (no send list; an end date), new or `message_id`. */
export function WelcomeEditPage() {
  const { channel } = useCurrentChannel();
  const id = useIdParam(WELCOME_ID_PARAM);
  const existing = useWelcomeMessage(channel.channel_id, id);
  if (id !== undefined && !existing.data) {
    return (
      <Frame title="welcome.update_title">
        <EditorLoading query={existing} />
      </Frame>
    );
  }
  return <WelcomeEditor key={id ?? 'new'} initial={existing.data} />;
}

type FrameTitle = 'welcome.edit_title' | 'welcome.update_title' | 'welcome.on_title';

function Frame({
  title,
  children,
  actions,
}: {
  title: FrameTitle;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('channel-messages');
  return (
    <EditorFrame
      title={t(title)}
      back={paths.channelWelcomeList}
      backLabel={t('welcome.back')}
      testId="welcome-editor"
      actions={actions}
    >
      {children}
    </EditorFrame>
  );
}

function WelcomeEditor({ initial }: { initial?: WelcomeMessageDto }) {
  const { t } = useTranslation('channel-messages');
  const { channel, href } = useCurrentChannel();
  const channelId = channel.channel_id;
  const leaveSaved = useLeaveSaved();
  const readOnly = initial?.status === WELCOME_STATUSES.on;
  const start = useMemo(() => (initial ? toValues(initial) : empty), [initial]);
  const save = useSaveWelcome(channelId);
  const editor = useContentEditor({
    channelId,
    start,
    savedId: initial?.message_id,
    readOnly,
    limits: {
      titleMax: WELCOME_LIMITS.titleMax,
      textMax: WELCOME_LIMITS.textMax,
      titleRule: 'welcome_title_too_long',
      textRule: 'welcome_text_too_long',
    },
    loadSchema,
    toBody: (values, messageId) => ({ ...values, message_id: messageId }),
    save,
  });
  const { v, set, has, errorOf, counter, picture } = editor;
  const on = useTurnOn(
    channelId,
    () => {
      editor.tell(t('welcome.turned_on'));
      void leaveSaved(href(paths.channelWelcomeList));
    },
    (error) => editor.setAlert(errorText(error, t)),
  );

  const text = (
    key:
      | 'detail_title'
      | 'detail_text'
      | 'coupon_title'
      | 'coupon_text_summary'
      | 'coupon_text_detail'
      | 'link_url'
      | 'push_text',
    label: string,
    max: number,
    multi: boolean,
  ) => {
    const props = {
      label,
      // The push text is the one field a draft needs.
      withAsterisk: key === 'push_text',
      value: v[key],
      description: counter(v[key], max),
      error: errorOf(key),
      readOnly,
      'data-testid': `welcome-${key.replaceAll('_', '-')}`,
    };
    return multi ? (
      <Textarea {...props} autosize minRows={2} onChange={(e) => set(key, e.currentTarget.value)} />
    ) : (
      <TextInput {...props} onChange={(e) => set(key, e.currentTarget.value)} />
    );
  };
  const multiTags = (key: 'push_tag' | 'push_coupon_use_tags', label: string) => (
    <TagsSelect label={label} {...editor.tagsProps(key)} />
  );

  return (
    <Frame
      title={readOnly ? 'welcome.on_title' : initial ? 'welcome.update_title' : 'welcome.edit_title'}
      actions={
        readOnly ? null : (
          <Group gap="xs">
            <Button
              variant="default"
              loading={save.isPending}
              onClick={() => void editor.onSave()}
              data-testid="welcome-save"
            >
              {t('edit.save')}
            </Button>
            <Button
              loading={on.pending}
              onClick={async () => {
                const id = await editor.savedId('turn_on');
                if (id !== null) on.turnOn(id);
              }}
              data-testid="welcome-turn-on"
            >
              {t('welcome.turn_on')}
            </Button>
          </Group>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          {readOnly ? <Alert color="blue">{t('welcome.on_note')}</Alert> : null}
          <FormAlert text={editor.alert} />
          <LayoutSelect
            value={v.layout}
            onChange={(layout) => set('layout', layout)}
            disabled={readOnly}
            testId="welcome-layout"
          />
          {text('push_text', t('edit.push_text'), MESSAGE_LIMITS.pushTextMax, true)}
          {multiTags('push_tag', t('edit.push_tag'))}
          <DatePickerField
            label={t('welcome.send_end_dt')}
            description={t('welcome.send_end_dt_hint')}
            value={v.send_end_dt}
            onChange={(s) => set('send_end_dt', s)}
            end
            error={errorOf('send_end_dt')}
            disabled={readOnly}
            testId="welcome-send-end-dt"
          />
          {has('coupon') ? (
            <>
              <CouponSelect {...editor.couponProps} testId="welcome-coupon" />
              {text('coupon_title', t('edit.coupon_title'), MESSAGE_LIMITS.titleMax, false)}
              {text('coupon_text_summary', t('edit.coupon_summary'), MESSAGE_LIMITS.summaryMax, true)}
              {text('coupon_text_detail', t('edit.coupon_detail'), MESSAGE_LIMITS.couponTextMax, true)}
              {multiTags('push_coupon_use_tags', t('edit.coupon_use_tags'))}
            </>
          ) : null}
          {has('text') ? (
            <>
              {text('detail_title', t('edit.title'), WELCOME_LIMITS.titleMax, false)}
              {text('detail_text', t('edit.text'), WELCOME_LIMITS.textMax, true)}
            </>
          ) : null}
          {has('image') ? picture.field : null}
          {has('image') ? text('link_url', t('edit.link_url'), MESSAGE_LIMITS.linkUrlMax, false) : null}
        </Stack>
        <ContentPreview values={v} coupon={editor.chosenCoupon} />
      </SimpleGrid>
      <DraftConditionsDialog {...editor.draftDialog} testId="welcome-draft-dialog" />
      <OtherOnDialog on={on}>{t('welcome.other_on_body_short')}</OtherOnDialog>
    </Frame>
  );
}
