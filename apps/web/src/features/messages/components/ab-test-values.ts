import { AB_TEST, type AbFallback, type AbMetric, VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbTestDto } from '@qrqr/shared/ab-test-schemas';
import {
  contentOf,
  type EditorContent,
  type MessageFormValues,
  type SaveMessageWithTestInput,
} from './message-form-values';
import type { ContentEditor } from './use-content-editor';

/** The message editor the A/B test's parts write into. */
export type MessageEditor = ContentEditor<MessageFormValues, SaveMessageWithTestInput>;

/**
 * A message's A/B test as the editor holds it: the settings, and the content of variants B–D
 * (variant A is the message's own content). The number fields hold what was typed, so the shared
 * schema's range messages apply to it as they do on the server.
 */
export interface AbFormValues {
  share_percent: number | string;
  metric: AbMetric;
  wait_hours: number | string;
  fallback: AbFallback;
  variants: EditorContent[];
}

/** The content fields of a variant: what the variant tabs write into the variant, not the message. */
export const CONTENT_KEYS: ReadonlySet<string> = new Set<keyof EditorContent>([
  'layout',
  'push_text',
  'push_tag',
  'push_coupon_use_tags',
  'detail_title',
  'detail_text',
  'link_url',
  'background_image_url',
  'coupon_id',
  'coupon_title',
  'coupon_text_summary',
  'coupon_text_detail',
]);

/** A variant's own copy of a content: its fields only (not who the message goes to, nor when). */
const copyOf = (c: EditorContent): EditorContent => ({
  layout: c.layout,
  push_text: c.push_text,
  push_tag: [...c.push_tag],
  push_coupon_use_tags: [...c.push_coupon_use_tags],
  detail_title: c.detail_title,
  detail_text: c.detail_text,
  link_url: c.link_url,
  background_image_url: c.background_image_url,
  coupon_id: c.coupon_id,
  coupon_title: c.coupon_title,
  coupon_text_summary: c.coupon_text_summary,
  coupon_text_detail: c.coupon_text_detail,
});

/** A test turned on: one more variant, a copy of A to start from, and the usual settings. */
export function newAbTest(a: EditorContent): AbFormValues {
  return { share_percent: 20, metric: 'open', wait_hours: 24, fallback: 'variant_a', variants: [copyOf(a)] };
}

/** One more variant (a copy of the one shown), while there is room for it. */
export function withVariant(ab: AbFormValues, from: EditorContent): AbFormValues {
  if (ab.variants.length >= AB_TEST.variantsMax - 1) return ab;
  return { ...ab, variants: [...ab.variants, copyOf(from)] };
}

/** Without variant `index` (1 = B): the ones after it move up a letter. */
export function withoutVariant(ab: AbFormValues, index: number): AbFormValues {
  return { ...ab, variants: ab.variants.filter((_, i) => i !== index - 1) };
}

/** The saved test as the editor opens on it. */
export function abFormValues(dto: AbTestDto): AbFormValues {
  return {
    share_percent: dto.share_percent,
    metric: dto.metric,
    wait_hours: dto.wait_hours,
    fallback: dto.fallback,
    variants: dto.variants.map((v) => contentOf(v)),
  };
}

/** The letters of a test's variants, A first. */
export const lettersOf = (ab: AbFormValues | null) =>
  VARIANT_LETTERS.slice(0, 1 + (ab?.variants.length ?? 0));

/** Whether the typed share is one the server takes (the live group sizes are asked only then). */
export function shareInRange(share: number | string): share is number {
  return (
    typeof share === 'number' &&
    Number.isInteger(share) &&
    share >= AB_TEST.shareMin &&
    share <= AB_TEST.shareMax
  );
}
