import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MessageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { formatPickerValue } from '@qrqr/shared/date-picker';
import { MESSAGE_LIMITS, MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import { paths } from '@qrqr/shared/paths';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { COUPON_ID_PARAM, MESSAGE_ID_PARAM, RETURN_MESSAGE_PARAM } from '../../../lib/screen-params';
import { useTranslation } from '../../../lib/use-translation';
import { useConfirmChannelChange, useCurrentChannel, useLeaveSaved } from '../../channels';
import { useMessage } from '../api/get-message';
import { useReach } from '../api/get-reach';
import { useNotifyMessage } from '../api/notify-message';
import { useSaveMessage } from '../api/save-message';
import { useTestPushMessage } from '../api/test-push-message';
import { AbTestResults } from '../components/ab-test-results';
import { AbTestSection } from '../components/ab-test-section';
import {
  ContentPreview,
  DraftConditionsDialog,
  EditorFrame,
  EditorLoading,
  useIdParam,
} from '../components/message-editor-parts';
import { emptyMessage, toBody, toFormValues } from '../components/message-form-values';
import { MessageTabs } from '../components/message-tabs';
import { PushFinishNote } from '../components/push-finish-note';
import { pushesGoOutAt } from '../components/quiet-hours';
import { useContentEditor } from '../components/use-content-editor';
import { useVariantEditor } from '../components/use-variant-editor';

const loadSchema = async () => (await import('../../../lib/form-schemas')).saveMessageWithTestBody;

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
  return <MessageEditor key={id ?? 'new'} answer={existing.data} newCoupon={newCoupon} />;
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

function MessageEditor({ answer, newCoupon }: { answer?: MessageWithTestAnswer; newCoupon?: number }) {
  const { t, i18n } = useTranslation('channel-messages');
  const locale = i18n.language === 'en' ? 'en' : 'ja';
  const { channel, href } = useCurrentChannel();
  const channelId = channel.channel_id;
  const leaveSaved = useLeaveSaved();
  const initial = answer?.message;
  const test = answer?.ab_test;
  const readOnly = initial !== undefined && initial.status !== MESSAGE_STATUSES.draft;
  const start = useMemo(
    () => (answer ? toFormValues(answer.message, answer.ab_test) : emptyMessage),
    [answer],
  );
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
  const { v, setAlert, check, doSave } = editor;
  // The variant of the A/B test shown and edited (0 = A, the message itself).
  const [active, setActive] = useState(0);
  const { shown, picturesBlock } = useVariantEditor(editor, active, { channelId, readOnly });
  /** Whether saving may go on: not while a variant's picture uploads or is refused (the alert says). */
  const picturesReady = () => {
    const blocked = picturesBlock();
    if (blocked) setAlert(t(blocked));
    return blocked === null;
  };
  const [reserving, setReserving] = useState(false);
  const reach = useReach(channelId);
  const notifyCall = useNotifyMessage(channelId);
  const testPush = useTestPushMessage(channelId);
  // What the last test send did: devices reached, or that the operator has none following.
  const [testResult, setTestResult] = useState<
    { kind: 'sent'; devices: number; accepted: number } | { kind: 'none' } | null
  >(null);
  useConfirmChannelChange(Boolean(initial));

  const couponMissing = active === 0 && initial?.coupon_missing === true && v.coupon_id === null;
  const recipients =
    v.audience === 'all'
      ? reach.everyone
      : v.send_list_id === null
        ? null
        : (reach.byList.get(v.send_list_id) ?? null);

  // An empty or past send date sends as soon as it is reserved: the button and dialog say so.
  const sendsNow = v.send_dt === null || v.send_dt * 1000 <= Date.now();
  const onReserve = async () => {
    if (!picturesReady()) return;
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

  /** Test send: the message as it stands, to the operator's own devices; nothing saved. */
  const onTestPush = async () => {
    setAlert(null);
    setTestResult(null);
    if (!(await check('test'))) return;
    // The variant shown is the one sent to the operator's devices.
    testPush.mutate(toBody(shown.v, editor.savedMessageId), {
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
    if (!picturesReady()) return;
    const savedId = await doSave();
    if (savedId === null) return;
    void leaveSaved(href(paths.channelCouponCreate, { [RETURN_MESSAGE_PARAM]: savedId }));
  };

  const sent = initial !== undefined && readOnly && initial.status !== MESSAGE_STATUSES.reserved;
  const title = t(
    sent
      ? 'edit.sent_title'
      : readOnly
        ? 'edit.reserved_title'
        : initial
          ? 'edit.update_title'
          : 'edit.create_title',
  );

  const form = (
    <Stack gap="md">
      {readOnly && !sent ? (
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
      {test && test.state !== 'draft' && initial ? (
        <AbTestResults channelId={channelId} messageId={initial.message_id} />
      ) : null}
      {readOnly && !test ? null : (
        <AbTestSection
          editor={editor}
          channelId={channelId}
          readOnly={readOnly}
          active={active}
          onActive={setActive}
        />
      )}
      <MessageTabs
        editor={shown}
        readOnly={readOnly}
        lists={reach.lists.data}
        recipients={recipients}
        pushesAt={pushesAt}
        quietHours={channel}
        pushFinishNote={readOnly ? null : <PushFinishNote channelId={channelId} values={v} />}
        couponMissing={couponMissing}
        onCouponCreate={() => void toCouponCreate()}
      />
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
              onClick={() => {
                if (picturesReady()) void editor.onSave();
              }}
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
          <ContentPreview values={shown.v} coupon={shown.chosenCoupon} />
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
        {v.ab_test ? (
          <Text size="sm" mt="xs" data-testid="message-reserve-ab">
            {t('ab.reserve_note', {
              share: v.ab_test.share_percent,
              groups: 1 + v.ab_test.variants.length,
              hours: v.ab_test.wait_hours,
            })}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Frame>
  );
}
