import { Button, Group, Modal, MultiSelect, Select, Skeleton, Text } from '@mantine/core';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import {
  layoutHas,
  MESSAGE_LAYOUT_VALUES,
  MESSAGE_LIMITS,
  type MessageLayout,
} from '@qrqr/shared/message-constants';
import { hasOnlyUrlCharacters } from '@qrqr/shared/url-scheme';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import type { EditorContent } from './message-form-values';
import { MessageImageField } from './message-image-field';
import { PhonePreview } from './phone-preview';

/**
 * What the message editor and the welcome-message editor share: the same content (a message and a
 * welcome message differ only in the title and text limits and in when and to whom), so the same
 * live limit checks, draft-rule errors, tag and coupon pickers, picture field, preview coupon and
 * "draft conditions not met" dialog, in the same frame (state and saving: use-content-editor.ts). Each editor lays them out its own way (tabs, or one column).
 */

export const chars = (v: string) => Array.from(v).length;

/** The fields of a message's content (both editors hold at least these). */
export interface ContentValues {
  push_text: string;
  push_tag: number[];
  push_coupon_use_tags: number[];
  detail_title: string;
  detail_text: string;
  link_url: string;
  background_image_url: string;
  coupon_id: number | null;
  coupon_title: string;
  coupon_text_summary: string;
  coupon_text_detail: string;
}

/** The limits of the title and text, which differ (message 32 / 5000, welcome message 20 / 400). */
export interface DetailLimits {
  titleMax: number;
  textMax: number;
  /** The rules' message keys (`validation.{rule}`). */
  titleRule: string;
  textRule: string;
}

/** Live limit checks: each field's own message while it is over its limit. */
export function liveLimitErrors(v: ContentValues, d: DetailLimits): Partial<Record<string, string>> {
  const over = (key: string, value: string, max: number, message: string) =>
    chars(value) > max ? { [key]: `validation.${message}` } : {};
  return {
    ...over('push_text', v.push_text, MESSAGE_LIMITS.pushTextMax, 'message_push_text_too_long'),
    ...over('detail_title', v.detail_title, d.titleMax, d.titleRule),
    ...over('detail_text', v.detail_text, d.textMax, d.textRule),
    ...over('coupon_title', v.coupon_title, MESSAGE_LIMITS.titleMax, 'message_coupon_title_too_long'),
    ...over(
      'coupon_text_summary',
      v.coupon_text_summary,
      MESSAGE_LIMITS.summaryMax,
      'message_summary_too_long',
    ),
    ...over(
      'coupon_text_detail',
      v.coupon_text_detail,
      MESSAGE_LIMITS.couponTextMax,
      'message_coupon_text_too_long',
    ),
    ...over('link_url', v.link_url, MESSAGE_LIMITS.linkUrlMax, 'message_link_url_too_long'),
    // The link rule's first check (@qrqr/shared link-url.ts), said as the URL is typed.
    ...(hasOnlyUrlCharacters(v.link_url.trim()) ? {} : { link_url: 'validation.url_chars' }),
  };
}

/**
 * The draft rule's refusal as one message per field (the first issue of each). An A/B test's
 * fields are named by their whole path (`ab_test.share_percent`, `ab_test.variants.0.push_text`),
 * as the server names them.
 */
export function firstIssueByField<K extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = (
      issue.path[0] === 'ab_test' ? issue.path.map(String).join('.') : String(issue.path[0] ?? '')
    ) as K;
    if (key && !found[key]) found[key] = issue.message;
  }
  return found;
}

/** Tags of the channel to add to followers (push_tag, push_coupon_use_tags): at most 10. */
export function TagsSelect(props: {
  label: string;
  data: Array<{ value: string; label: string }>;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled: boolean;
  searchable?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('channel-messages');
  return (
    <MultiSelect
      label={props.label}
      placeholder={t('edit.tags_placeholder')}
      data={props.data}
      value={props.value.map(String)}
      onChange={(ids) => props.onChange(ids.map(Number))}
      maxValues={MESSAGE_LIMITS.tagsMax}
      description={t('edit.tags_counter', { count: props.value.length, max: MESSAGE_LIMITS.tagsMax })}
      error={props.error}
      searchable={props.searchable}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}

/** The coupon picker over the channel's coupon library. */
export function CouponSelect(props: {
  coupons: readonly CouponDto[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  disabled: boolean;
  searchable?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('channel-messages');
  return (
    <Select
      label={t('edit.coupon')}
      placeholder={t('edit.coupon_placeholder')}
      data={props.coupons.map((c) => ({
        value: String(c.coupon_img_id),
        label: `${c.coupon_content}（${c.coupon_date_from}〜${c.coupon_date_to}）`,
      }))}
      value={props.value === null ? null : String(props.value)}
      onChange={(n) => props.onChange(n === null ? null : Number(n))}
      error={props.error}
      searchable={props.searchable}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}

/** The chosen coupon as the preview shows it, or null (no coupon layout, none chosen). */
export function previewCoupon(coupon: CouponDto | null | undefined) {
  return coupon
    ? { data: coupon, imageUrl: coupon.coupon_image_url, codeImageUrl: coupon.coupon_code_image_url }
    : null;
}

/**
 * The picture of a message: its field, and whether it blocks saving (still uploading, or refused
 * while the layout shows a picture) with the alert that says so.
 */
export function usePictureField(input: {
  channelId: number;
  value: string;
  onChange: (url: string) => void;
  clearAlert: () => void;
  readOnly: boolean;
}) {
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const field = (
    <MessageImageField
      channelId={input.channelId}
      value={input.value}
      onChange={input.onChange}
      error={imageError}
      onError={(error) => {
        setImageError(error);
        if (!error) input.clearAlert();
      }}
      onBusy={setImageBusy}
      readOnly={input.readOnly}
    />
  );
  /** The alert's key when the picture blocks saving, else null. */
  const blocksSave = (layoutShowsImage: boolean) =>
    imageBusy ? 'edit.image_uploading' : imageError && layoutShowsImage ? 'edit.image_blocks_save' : null;
  return { field, blocksSave };
}

/** The button that asked for a save: the draft rule's dialog names it. */
export type SaveAction = 'save' | 'reserve' | 'send' | 'turn_on' | 'test';

/** The "draft conditions not met" dialog, named by the button pressed, with the button back to editing. */
export function DraftConditionsDialog(props: {
  /** The button pressed (the title names it), or null while closed. */
  action: SaveAction | null;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('channel-messages');
  return (
    <Modal
      opened={props.action !== null}
      onClose={props.onClose}
      title={t(`edit.draft_title.${props.action ?? 'save'}`)}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Text data-testid={props.testId}>{t('edit.draft_body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={props.onClose} data-autofocus>
          {t('edit.draft_back')}
        </Button>
      </Group>
    </Modal>
  );
}

/** An editor's screen: the back link to its list, the title, the actions. */
export function EditorFrame(props: {
  title: string;
  /** The list the back link leads to (a screen path). */
  back: string;
  backLabel: string;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { href } = useCurrentChannel();
  return (
    <ChannelPage
      title={props.title}
      back={
        <ButtonLink href={href(props.back)} variant="subtle" px="xs" aria-label={props.backLabel}>
          ←
        </ButtonLink>
      }
      actions={props.actions}
      data-testid={props.testId}
    >
      {props.children}
    </ChannelPage>
  );
}

/** The saved message an editor opens on, still loading: a placeholder, or the failure and a retry. */
export function EditorLoading({
  query,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  return query.isError ? (
    <RetryAlert error={query.error} onRetry={() => void query.refetch()} />
  ) : (
    <Skeleton height={320} radius="md" aria-busy />
  );
}

/** The layout picker: which parts (text, coupon, picture) the message has. */
export function LayoutSelect(props: {
  value: MessageLayout;
  onChange: (layout: MessageLayout) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation('channel-messages');
  return (
    <Select
      label={t('edit.layout')}
      data={MESSAGE_LAYOUT_VALUES.map((n) => ({ value: String(n), label: t(`layout.${n}`) }))}
      value={String(props.value)}
      onChange={(n) => n && props.onChange(Number(n) as MessageLayout)}
      allowDeselect={false}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}

/** The phone preview of the values as the channel's followers will see them. */
export function ContentPreview({ values, coupon }: { values: EditorContent; coupon: CouponDto | null }) {
  const { channel } = useCurrentChannel();
  return (
    <PhonePreview
      message={values}
      channelName={channel.channel_name}
      iconUrl={channel.icon_image_url ?? null}
      coupon={layoutHas(values.layout, 'coupon') ? previewCoupon(coupon) : null}
    />
  );
}

/** A positive id the address holds under `param` (the message to edit, a coupon just made), or undefined. */
export function useIdParam(param: string): number | undefined {
  const [search] = useSearchParams();
  const raw = Number(search.get(param));
  return Number.isInteger(raw) && raw > 0 ? raw : undefined;
}
