import { Text } from '@mantine/core';
import type { WifiPageDto } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { useSaveCouponImageDraft } from '../api/save-coupon-image';
import { PictureField } from './picture-field';

export type CouponPicture = { id: number; url: string; draft: boolean } | null;

/** The picture the builder starts with: the draft, else the saved coupon's (id unknown: 0). */
export function initialCouponPicture(saved: WifiPageDto | undefined): CouponPicture {
  if (saved?.coupon_image_url_draft) return { id: 0, url: saved.coupon_image_url_draft, draft: true };
  if (saved?.coupon?.coupon_image_url) return { id: 0, url: saved.coupon.coupon_image_url, draft: false };
  return null;
}

/**
 * The coupon's picture (§3 coupon_image_url, kept as a draft until saved): uploaded through the
 * page's own upload path (the same PictureField), then, for a saved page, kept as its draft at
 * once; a new page's picture waits in `value` until the first save gives the page an id.
 */
export function CouponPictureField(props: {
  channelId: number;
  pageId: number | undefined;
  value: CouponPicture;
  onChange: (value: CouponPicture) => void;
}) {
  const { t } = useTranslation('wifi');
  const draft = useSaveCouponImageDraft();
  const change = (v: { id: number; url: string } | null) => {
    const next = v ? { ...v, draft: true } : null;
    if (props.pageId === undefined) {
      props.onChange(next);
      return;
    }
    draft.mutate(
      { pageId: props.pageId, imageId: next?.id ?? null },
      { onSuccess: () => props.onChange(next) },
    );
  };
  return (
    <div>
      <PictureField
        label={t('create.coupon_picture')}
        channelId={props.channelId}
        value={props.value}
        onChange={change}
        // Only a draft can be dropped; the saved picture goes with the coupon.
        removable={props.value?.draft === true}
        busy={draft.isPending}
        testId="field-coupon_image"
      />
      <Text size="xs" c="dimmed" mt={4}>
        {props.value?.draft ? t('create.coupon_picture_draft') : t('create.coupon_picture_note')}
      </Text>
      {draft.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('create.picture_failed')}
        </Text>
      ) : null}
    </div>
  );
}
