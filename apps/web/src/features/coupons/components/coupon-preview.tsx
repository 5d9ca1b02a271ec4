import { Stack, Title } from '@mantine/core';
import { CouponCard } from '../../../cards/coupon-card';
import { useTranslation } from '../../../lib/use-translation';
import { useCardText } from './card-text';
import { type CouponFormValues, previewData } from './coupon-form-values';
import classes from './coupons.module.css';

/** Beside the coupon form (below it on a phone): the follower's coupon as it will look, code included. */
export function CouponPreview(props: {
  values: CouponFormValues;
  /** The picture shown: a data URL just chosen, or the saved one's address. */
  picture: string | null;
  codeImage: string | null;
}) {
  const { t } = useTranslation('coupons');
  const card = useCardText();
  return (
    <aside className={classes.previewColumn} aria-labelledby="coupon-preview-title">
      <Stack gap="sm" className={classes.previewBox}>
        <Title order={2} fz="md" id="coupon-preview-title">
          {t('create.preview_title')}
        </Title>
        <CouponCard
          coupon={previewData(props.values)}
          imageUrl={props.picture}
          codeImageUrl={props.codeImage}
          text={card.text}
          locale={card.locale}
        />
      </Stack>
    </aside>
  );
}
