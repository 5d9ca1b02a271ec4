import { layoutHas, MESSAGE_LIMITS } from '@qrqr/shared/message-constants';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { CONTENT_KEYS } from './ab-test-values';
import { liveLimitErrors, usePictureField } from './message-editor-parts';
import type { EditorContent, MessageFormValues, SaveMessageWithTestInput } from './message-form-values';
import type { ContentEditor } from './use-content-editor';

type MessageEditor = ContentEditor<MessageFormValues, SaveMessageWithTestInput>;

const LIMITS = {
  titleMax: MESSAGE_LIMITS.titleMax,
  textMax: MESSAGE_LIMITS.textMax,
  titleRule: 'message_title_too_long',
  textRule: 'message_text_too_long',
};

/**
 * The message editor as one variant of its A/B test shows it: the same fields, checks, pickers and
 * preview, the content read from and written to variant `index` (0 = A, the message itself;
 * 1–3 = B–D). Who it goes to and when stay the message's. `picturesBlock` says when a variant's
 * picture blocks saving, as A's own does inside the save.
 */
export function useVariantEditor(
  editor: MessageEditor,
  index: number,
  options: { channelId: number; readOnly: boolean },
): { shown: MessageEditor; picturesBlock: () => string | null } {
  const { channelId, readOnly } = options;
  const { t } = useTranslation('channel-messages');
  const ab = editor.v.ab_test;
  const content = index > 0 ? ab?.variants[index - 1] : undefined;
  const setContent = <K extends keyof EditorContent>(i: number, key: K, value: EditorContent[K]) => {
    if (!ab) return;
    editor.set('ab_test', {
      ...ab,
      variants: ab.variants.map((c, j) => (j === i ? { ...c, [key]: value } : c)),
    });
    editor.clearErrorAt(`ab_test.variants.${i}.${key}`);
  };
  // One picture field a variant slot (B, C, D): an upload's state stays with its variant.
  const picture = (i: number) => ({
    channelId,
    value: ab?.variants[i]?.background_image_url ?? '',
    onChange: (url: string) => setContent(i, 'background_image_url', url),
    clearAlert: () => editor.setAlert(null),
    readOnly,
  });
  const pictures = [usePictureField(picture(0)), usePictureField(picture(1)), usePictureField(picture(2))];
  /** A variant's picture still uploading, or refused while its layout shows one: the alert's key. */
  const picturesBlock = (): string | null => {
    for (const [j, c] of (ab?.variants ?? []).entries()) {
      const blocked = pictures[j]?.blocksSave(layoutHas(c.layout, 'image'));
      if (blocked) return blocked;
    }
    return null;
  };
  if (!ab || !content) return { shown: editor, picturesBlock };
  const i = index - 1;
  const live = liveLimitErrors(content, LIMITS);
  const errorOf = (key: keyof MessageFormValues) =>
    CONTENT_KEYS.has(key)
      ? fieldErrorText(t, editor.errorAt(`ab_test.variants.${i}.${key}`) ?? live[key])
      : editor.errorOf(key);
  const set: MessageEditor['set'] = (key, value) => {
    if (CONTENT_KEYS.has(key)) setContent(i, key as keyof EditorContent, value as never);
    else editor.set(key, value);
  };
  const coupons = editor.couponProps.coupons;
  const shown: MessageEditor = {
    ...editor,
    v: { ...editor.v, ...content },
    set,
    has: (part) => layoutHas(content.layout, part),
    errorOf,
    picture: pictures[i] ?? editor.picture,
    tagsProps: (key) => ({
      ...editor.tagsProps(key),
      value: content[key],
      onChange: (ids: number[]) => set(key, ids),
      error: errorOf(key),
    }),
    couponProps: {
      ...editor.couponProps,
      value: content.coupon_id,
      onChange: (id: number | null) => set('coupon_id', id),
      error: errorOf('coupon_id'),
    },
    chosenCoupon: coupons.find((c) => c.coupon_img_id === content.coupon_id) ?? null,
  };
  return { shown, picturesBlock };
}
