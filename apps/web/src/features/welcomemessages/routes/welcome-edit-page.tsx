import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  layoutHas,
  MESSAGE_LAYOUT_VALUES,
  MESSAGE_LIMITS,
  type MessageLayout,
  paths,
  type SaveWelcomeMessageInput,
  WELCOME_LIMITS,
  WELCOME_STATUSES,
  type WelcomeMessageDto,
} from '@qrqr/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { DatePickerField } from '../../../components/date-picker';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLeaveSaved, useUnsavedText } from '../../channels/layout/change-guards';
import { useCurrentChannel } from '../../channels/layout/channel-area';
import { ChannelPage } from '../../channels/layout/channel-page';
import { useCoupons } from '../../coupons/api/get-coupons';
import {
  CouponSelect,
  chars,
  DraftConditionsDialog,
  firstIssueByField,
  liveLimitErrors,
  previewCoupon,
  TagsSelect,
  usePictureField,
} from '../../messages/components/message-editor-parts';
import { PhonePreview } from '../../messages/components/phone-preview';
import { useChannelTags } from '../../sendlists/api/get-channel-tags';
import { useSaveWelcome, useWelcomeMessage } from '../api/welcome-calls';
import { useTurnOn } from '../components/turn-on';
import { WELCOME_ID_PARAM } from './welcome-id-param';

const loadSchema = async () => (await import('../../../lib/form-schemas')).saveWelcomeMessageBody;

type Values = Omit<SaveWelcomeMessageInput, 'message_id' | 'layout'> & {
  layout: MessageLayout;
  push_text: string;
  push_tag: number[];
  push_coupon_use_tags: number[];
  send_end_dt: number | null;
  detail_title: string;
  detail_text: string;
  link_url: string;
  background_image_url: string;
  coupon_id: number | null;
  coupon_title: string;
  coupon_text_summary: string;
  coupon_text_detail: string;
};

const empty: Values = {
  layout: 1,
  push_text: '',
  push_tag: [],
  push_coupon_use_tags: [],
  send_end_dt: null,
  detail_title: '',
  detail_text: '',
  link_url: '',
  background_image_url: '',
  coupon_id: null,
  coupon_title: '',
  coupon_text_summary: '',
  coupon_text_detail: '',
};

const toValues = (m: WelcomeMessageDto): Values => ({
  layout: m.layout,
  push_text: m.push_text,
  push_tag: [...m.push_tag],
  push_coupon_use_tags: [...m.push_coupon_use_tags],
  send_end_dt: m.send_end_dt,
  detail_title: m.detail_title,
  detail_text: m.detail_text,
  link_url: m.link_url,
  background_image_url: m.background_image_url,
  coupon_id: m.coupon_missing ? null : m.coupon_id,
  coupon_title: m.coupon_title,
  coupon_text_summary: m.coupon_text_summary,
  coupon_text_detail: m.coupon_text_detail,
});

/** /qrchannel/welcomemessage/create: a welcome message (no send list; an end date), new or `message_id`. */
export function WelcomeEditPage() {
  const { channel } = useCurrentChannel();
  const [search] = useSearchParams();
  const raw = Number(search.get(WELCOME_ID_PARAM));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const existing = useWelcomeMessage(channel.channel_id, id);
  if (id !== undefined && !existing.data) {
    return (
      <Frame>
        {existing.isError ? (
          <RetryAlert error={existing.error} onRetry={() => void existing.refetch()} />
        ) : (
          <Skeleton height={320} radius="md" aria-busy />
        )}
      </Frame>
    );
  }
  return <WelcomeEditor key={id ?? 'new'} initial={existing.data} />;
}

function Frame({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  const { t } = useTranslation('channel-messages');
  const { href } = useCurrentChannel();
  return (
    <ChannelPage
      title={t('welcome.edit_title')}
      back={
        <ButtonLink
          href={href(paths.channelWelcomeList)}
          variant="subtle"
          px="xs"
          aria-label={t('welcome.back')}
        >
          ←
        </ButtonLink>
      }
      actions={actions}
      data-testid="welcome-editor"
    >
      {children}
    </ChannelPage>
  );
}

function WelcomeEditor({ initial }: { initial?: WelcomeMessageDto }) {
  const { t } = useTranslation('channel-messages');
  const { channel, href } = useCurrentChannel();
  const channelId = channel.channel_id;
  const leaveSaved = useLeaveSaved();
  const readOnly = initial?.status === WELCOME_STATUSES.on;
  const start = useMemo(() => (initial ? toValues(initial) : empty), [initial]);
  const [saved, setSaved] = useState<{ id?: number; values: Values }>({
    id: initial?.message_id,
    values: start,
  });
  const [v, setV] = useState<Values>(start);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [draftDialog, setDraftDialog] = useState(false);
  const tags = useChannelTags(channelId);
  const coupons = useCoupons(channelId);
  const save = useSaveWelcome(channelId);
  const on = useTurnOn(
    channelId,
    () => {
      void notify({
        message: t('welcome.turned_on'),
        color: 'teal',
        closeButtonProps: { 'aria-label': t('common:close') },
      });
      void leaveSaved(href(paths.channelWelcomeList));
    },
    (error) => setAlert(errorText(error, t)),
  );
  const dirty = JSON.stringify(v) !== JSON.stringify(saved.values);
  useUnsavedText(dirty && !readOnly);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const has = (part: 'text' | 'coupon' | 'image') => layoutHas(v.layout, part);
  const live: Partial<Record<keyof Values, string>> = liveLimitErrors(v, {
    titleMax: WELCOME_LIMITS.titleMax,
    textMax: WELCOME_LIMITS.textMax,
    titleRule: 'welcome_title_too_long',
    textRule: 'welcome_text_too_long',
  });
  const picture = usePictureField({
    channelId,
    value: v.background_image_url,
    onChange: (url) => set('background_image_url', url),
    clearAlert: () => setAlert(null),
    readOnly,
  });
  const errorOf = (key: keyof Values) => fieldErrorText(t, errors[key] ?? live[key]);
  const counter = (value: string, max: number) => t('common_counter', { count: chars(value), max });
  const tagData = (tags.data ?? []).map((tag) => ({ value: String(tag.tag_id), label: tag.tag_name }));
  const chosenCoupon = (coupons.data?.coupons ?? []).find((c) => c.coupon_img_id === v.coupon_id) ?? null;

  const doSave = async (): Promise<number | null> => {
    setAlert(null);
    // A refused or still uploading picture blocks saving (the field says why).
    const blocked = picture.blocksSave(has('image'));
    if (blocked) {
      setAlert(t(blocked));
      return null;
    }
    const body = { ...v, message_id: saved.id };
    const result = (await loadSchema()).safeParse(body);
    if (!result.success) {
      setErrors(firstIssueByField<keyof Values>(result.error.issues));
      setDraftDialog(true);
      return null;
    }
    try {
      const message = await save.mutateAsync(body);
      setSaved({ id: message.message_id, values: v });
      return message.message_id;
    } catch (error) {
      setAlert(errorText(error, t));
      return null;
    }
  };

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
    <TagsSelect
      label={label}
      data={tagData}
      value={v[key]}
      onChange={(ids) => set(key, ids)}
      error={errorOf(key)}
      disabled={readOnly}
    />
  );

  return (
    <Frame
      actions={
        readOnly ? null : (
          <Group gap="xs">
            <Button
              variant="default"
              loading={save.isPending}
              onClick={async () => {
                if ((await doSave()) !== null)
                  void notify({
                    message: t('edit.saved'),
                    color: 'teal',
                    closeButtonProps: { 'aria-label': t('common:close') },
                  });
              }}
              data-testid="welcome-save"
            >
              {t('edit.save')}
            </Button>
            <Button
              loading={on.pending}
              onClick={async () => {
                const id = dirty || saved.id === undefined ? await doSave() : saved.id;
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
          <FormAlert text={alert} />
          <Select
            label={t('edit.layout')}
            data={MESSAGE_LAYOUT_VALUES.map((n) => ({ value: String(n), label: t(`layout.${n}`) }))}
            value={String(v.layout)}
            onChange={(n) => n && set('layout', Number(n) as MessageLayout)}
            allowDeselect={false}
            disabled={readOnly}
            data-testid="welcome-layout"
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
              <CouponSelect
                coupons={coupons.data?.coupons ?? []}
                value={v.coupon_id}
                onChange={(id) => set('coupon_id', id)}
                error={errorOf('coupon_id')}
                disabled={readOnly}
                testId="welcome-coupon"
              />
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
        <PhonePreview
          message={v}
          channelName={channel.channel_name}
          iconUrl={channel.icon_image_url ?? null}
          coupon={has('coupon') ? previewCoupon(chosenCoupon) : null}
        />
      </SimpleGrid>
      <DraftConditionsDialog
        opened={draftDialog}
        onClose={() => setDraftDialog(false)}
        testId="welcome-draft-dialog"
      />
      <ConfirmDialog
        opened={on.asking !== null}
        title={t('welcome.other_on_title')}
        confirmLabel={t('welcome.other_on_confirm')}
        loading={on.pending}
        onConfirm={on.confirm}
        onCancel={on.cancel}
      >
        {t('welcome.other_on_body_short')}
      </ConfirmDialog>
    </Frame>
  );
}
