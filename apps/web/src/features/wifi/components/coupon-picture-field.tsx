import { Text } from '@mantine/core';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { PictureInput } from '../../coupons';
import { useSaveCouponImageDraft } from '../api/save-coupon-image';
import { useUploadWifiImage } from '../api/upload-image';
import { dataUrlFile } from './data-url-file';

export type CouponPicture = { id: number; url: string; draft: boolean } | null;

/** The picture the builder starts with: the draft, else the saved coupon's (id unknown: 0). */
export function initialCouponPicture(saved: WifiPageDto | undefined): CouponPicture {
  if (saved?.coupon_image_url_draft) return { id: 0, url: saved.coupon_image_url_draft, draft: true };
  if (saved?.coupon?.coupon_image_url) return { id: 0, url: saved.coupon.coupon_image_url, draft: false };
  return null;
}

/**
 * The coupon's picture (the page's coupon_image_url, kept as a draft until saved), with the channel coupon
 * editor's own control (choose, replace, remove). A chosen picture goes through the page's upload
 * path, then, for a saved page, becomes its draft at once; a new page's picture waits in `value`
 * until the first save gives the page an id. Removing drops the draft and leaves `value` empty:
 * the next save sends `coupon_image_removed`, so the coupon is saved without a picture.
 */
export function CouponPictureField(props: {
  channelId: number;
  pageId: number | undefined;
  /** The picture guests see now (the saved coupon's), to say that a removal waits for the save. */
  savedUrl: string | null;
  value: CouponPicture;
  onChange: (value: CouponPicture) => void;
}) {
  const { t } = useTranslation('wifi');
  const upload = useUploadWifiImage(props.channelId);
  const draft = useSaveCouponImageDraft();
  const [error, setError] = useState<string | null>(null);
  const failed = (e: unknown) =>
    setError(
      isApiError(e) && (e.code === 'E-413' || e.code === 'E-415') ? e.message : t('create.picture_failed'),
    );

  const keep = (next: CouponPicture) => {
    if (props.pageId === undefined) {
      props.onChange(next);
      return;
    }
    draft.mutate(
      { pageId: props.pageId, imageId: next?.id ?? null },
      { onSuccess: () => props.onChange(next), onError: failed },
    );
  };
  const change = (dataUrl: string | null) => {
    if (dataUrl === null) {
      keep(null);
      return;
    }
    const file = dataUrlFile(dataUrl, 'coupon');
    if (!file) {
      setError(t('create.picture_failed'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (r) => keep({ id: r.image_id, url: r.image_url, draft: true }),
      onError: failed,
    });
  };

  const note = props.value?.draft
    ? t('create.coupon_picture_draft')
    : props.value === null && props.savedUrl
      ? t('create.coupon_picture_removed')
      : null;
  return (
    <div data-testid="field-coupon_image">
      <PictureInput
        value={props.value?.url ?? null}
        onChange={change}
        error={error}
        onError={setError}
        busy={upload.isPending || draft.isPending}
      />
      {note ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="field-coupon_image-note">
          {note}
        </Text>
      ) : null}
    </div>
  );
}
