import {
  Alert,
  Button,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  formatPickerValue,
  MESSAGE_LIMITS,
  MESSAGE_STATUSES,
  MESSAGE_TABS,
  type MessageDto,
  paths,
} from '@qrqr/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerField } from '../../../components/date-picker';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { KeepDates } from '../../../components/keep-dates';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-date';
import { useConfirmChannelChange, useLeaveSaved } from '../../channels/layout/change-guards';
import { useCurrentChannel } from '../../channels/layout/channel-area';
import { RETURN_MESSAGE_PARAM } from '../../coupons/components/coupon-params';
import { useMessage } from '../api/get-message';
import { useReach } from '../api/get-reach';
import { useNotifyMessage } from '../api/notify-message';
import { useSaveMessage } from '../api/save-message';
import { useTestPushMessage } from '../api/test-push-message';
import {
  ContentPreview,
  CouponSelect,
  DraftConditionsDialog,
  EditorFrame,
  EditorLoading,
  LayoutSelect,
  TagsSelect,
  useIdParam,
} from '../components/message-editor-parts';
import { emptyMessage, toBody, toFormValues } from '../components/message-form-values';
import tabClasses from '../components/message-tabs.module.css';
import { pushesGoOutAt } from '../components/quiet-hours';
import { useContentEditor } from '../components/use-content-editor';
import { COUPON_ID_PARAM, MESSAGE_ID_PARAM } from './message-id-param';

const loadSchema = async () => (await import('../../../lib/form-schemas')).saveMessageBody;

/** /qrchannel/message/create: a new message, or with `message_id` a draft to edit (a reserved one read only). */
export function MessageEditPage() {
  const { t } = useTranslation('channel-messages');
  const { channel } = useCurrentChannel();
  const id = useIdParam(MESSAGE_ID_PARAM);
  const newCoupon = useIdParam(COUPON_ID_PARAM);
  const existing = useMessage(channel.channel_id, id);
  if (id !== undefined && !existing.data) {
    return (
      <Frame title={t('edit.update_title')}>
        <EditorLoading query={existing} />
      </Frame>
    );
  }
  return <MessageEditor key={id ?? 'new'} initial={existing.data} newCoupon={newCoupon} />;
}

function Frame({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('channel-messages');
  return (
    <EditorFrame
      title={title}
      back={paths.channelHome}
      backLabel={t('edit.back')}
      testId="message-editor"
      actions={actions}
    >
      {children}
    </EditorFrame>
  );
}

function MessageEditor({ initial, newCoupon }: { initial?: MessageDto; newCoupon?: number }) {
  const { t, i18n } = useTranslation('channel-messages');
  const locale = i18n.language === 'en' ? 'en' : 'ja';
  const { channel, href } = useCurrentChannel();
  const channelId = channel.channel_id;
  const leaveSaved = useLeaveSaved();
  const readOnly = initial !== undefined && initial.status !== MESSAGE_STATUSES.draft;
  const start = useMemo(() => (initial ? toFormValues(initial) : emptyMessage), [initial]);
  const save = useSaveMessage(channelId);
  const editor = useContentEditor({
    channelId,
    start,
    savedId: initial?.message_id,
    // Back from creating a coupon (saved first): that coupon is chosen, an unsaved change.
    opening: newCoupon !== undefined && !readOnly ? { ...start, coupon_id: newCoupon } : start,
    readOnly,
    limits: {
      titleMax: MESSAGE_LIMITS.titleMax,
      textMax: MESSAGE_LIMITS.textMax,
      titleRule: 'message_title_too_long',
      textRule: 'message_text_too_long',
    },
    loadSchema,
    toBody,
    save,
  });
  const { v, set, has, errorOf, counter, setAlert, picture, check, doSave } = editor;
  const [tab, setTab] = useState<string>(String(MESSAGE_TABS.push));
  const [reserving, setReserving] = useState(false);
  const reach = useReach(channelId);
  const notifyCall = useNotifyMessage(channelId);
  const testPush = useTestPushMessage(channelId);
  // What the last test send did: devices reached, or that the operator has none following.
  const [testResult, setTestResult] = useState<
    { kind: 'sent'; devices: number; accepted: number } | { kind: 'none' } | null
  >(null);
  useConfirmChannelChange(Boolean(initial));

  const couponMissing = initial?.coupon_missing === true && v.coupon_id === null;
  const recipients =
    v.audience === 'all'
      ? reach.everyone
      : v.send_list_id === null
        ? null
        : (reach.byList.get(v.send_list_id) ?? null);

  // An empty or past send date sends as soon as it is reserved: the button and dialog say so.
  const sendsNow = v.send_dt === null || v.send_dt * 1000 <= Date.now();
  const onReserve = async () => {
    if ((await editor.savedId(sendsNow ? 'send' : 'reserve')) !== null) setReserving(true);
  };

  const confirmReserve = () => {
    const savedId = editor.savedMessageId;
    if (savedId === undefined) return;
    notifyCall.mutate(savedId, {
      onSuccess: (answer) => {
        setReserving(false);
        editor.tell(t(sendsNow ? 'edit.sent_now' : 'edit.reserved', { count: answer.recipient_count }));
        void leaveSaved(href(paths.channelHome));
      },
      onError: (error) => {
        setReserving(false);
        setAlert(errorText(error, t));
      },
    });
  };

  /** Test send (issue 20): the message as it stands, to the operator's own devices; nothing saved. */
  const onTestPush = async () => {
    setAlert(null);
    setTestResult(null);
    if (!(await check('test'))) return;
    testPush.mutate(toBody(v, editor.savedMessageId), {
      onSuccess: (answer) => setTestResult({ kind: 'sent', ...answer }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'E-751') setTestResult({ kind: 'none' });
        else setAlert(errorText(error, t));
      },
    });
  };
  // Quiet hours: when a send time falls inside them, the pushes wait (the inbox is filled at once).
  const pushesAt = pushesGoOutAt(channel, (v.send_dt ?? Math.floor(Date.now() / 1000)) * 1000);

  /** Coupon creation: the draft is saved first, and the coupon screen comes back to it. */
  const toCouponCreate = async () => {
    const savedId = await doSave();
    if (savedId === null) return;
    void leaveSaved(href(paths.channelCouponCreate, { [RETURN_MESSAGE_PARAM]: savedId }));
  };

  const title = t(readOnly ? 'edit.reserved_title' : initial ? 'edit.update_title' : 'edit.create_title');
  const multiTags = (key: 'push_tag' | 'push_coupon_use_tags', label: string, testId: string) => (
    <TagsSelect label={label} {...editor.tagsProps(key)} searchable testId={testId} />
  );

  const form = (
    <Stack gap="md">
      {readOnly ? (
        <Alert color="blue" data-testid="message-reserved-note">
          {t('edit.reserved_note')}
        </Alert>
      ) : null}
      <FormAlert text={editor.alert} />
      {testResult ? (
        <Alert
          color={testResult.kind === 'none' ? 'orange' : 'teal'}
          withCloseButton
          closeButtonLabel={t('common:close')}
          onClose={() => setTestResult(null)}
          data-testid="message-test-result"
        >
          {testResult.kind === 'none'
            ? t('edit.test_none')
            : t('edit.test_sent', { count: testResult.devices, accepted: testResult.accepted })}
        </Alert>
      ) : null}
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
            {multiTags('push_tag', t('edit.push_tag'), 'message-push-tag')}
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
                data={(reach.lists.data ?? []).map((l) => ({
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
                    start: channel.quiet_start,
                    end: channel.quiet_end,
                    date: formatDateTime(pushesAt),
                  })}
                </KeepDates>
              </Text>
            ) : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value={String(MESSAGE_TABS.detail)} pt="md">
          <Stack gap="md">
            {has('coupon') ? (
              <>
                {couponMissing ? (
                  <Alert color="orange" data-testid="message-coupon-missing">
                    {t('edit.coupon_missing')}
                  </Alert>
                ) : null}
                <CouponSelect {...editor.couponProps} searchable testId="message-coupon" />
                {!readOnly ? (
                  <Button
                    variant="subtle"
                    onClick={() => void toCouponCreate()}
                    data-testid="message-coupon-create"
                  >
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
            multiTags('push_coupon_use_tags', t('edit.coupon_use_tags'), 'message-coupon-use-tags')
          ) : (
            <Text c="dimmed">{t('edit.no_coupon_layout')}</Text>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );

  return (
    <Frame
      title={title}
      actions={
        readOnly ? null : (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => void onTestPush()}
              loading={testPush.isPending}
              data-testid="message-test-push"
            >
              {t('edit.test_push')}
            </Button>
            <Button
              variant="default"
              onClick={() => void editor.onSave()}
              loading={save.isPending}
              data-testid="message-save"
            >
              {t('edit.save')}
            </Button>
            <Button
              onClick={() => void onReserve()}
              loading={notifyCall.isPending}
              data-testid="message-reserve"
            >
              {t(sendsNow ? 'edit.send_now' : 'edit.reserve')}
            </Button>
          </Group>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {form}
        <div>
          <ContentPreview values={v} coupon={editor.chosenCoupon} />
        </div>
      </SimpleGrid>
      <DraftConditionsDialog {...editor.draftDialog} testId="message-draft-dialog" />
      <ConfirmDialog
        opened={reserving}
        title={t(sendsNow ? 'edit.send_now_title' : 'edit.reserve_title')}
        confirmLabel={t(sendsNow ? 'edit.send_now_confirm' : 'edit.reserve_confirm')}
        loading={notifyCall.isPending}
        onConfirm={confirmReserve}
        onCancel={() => setReserving(false)}
      >
        <Text data-testid="message-reserve-count">
          {v.send_dt === null || sendsNow
            ? t('edit.reserve_body_now', { count: recipients ?? 0 })
            : t('edit.reserve_body_at', {
                count: recipients ?? 0,
                date: formatPickerValue(v.send_dt, locale),
              })}
        </Text>
      </ConfirmDialog>
    </Frame>
  );
}
