import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { type CouponState, couponState } from '@qrqr/shared/coupon-constants';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import { ButtonLink } from '../../../components/button-link';
import type { RowCheck } from '../../../components/selectable-list/selection';
import { useTranslation } from '../../../lib/use-translation';
import { useCardText } from './card-text';
import classes from './coupons.module.css';
import { discountLabel } from './discount-label';

interface CouponTileProps {
  coupon: CouponDto;
  check: RowCheck;
  onShow: () => void;
  editHref: string;
  /** Where a copy starts; null while the library is full. */
  copyHref: string | null;
}

// Valid stands out (filled, white text); the others are light with a text dark enough (AA).
const STATE_BADGES: Record<CouponState, { variant: 'filled' | 'light'; color: string; c?: string }> = {
  valid: { variant: 'filled', color: 'teal.9' },
  upcoming: { variant: 'light', color: 'blue', c: 'blue.9' },
  expired: { variant: 'light', color: 'gray' },
};

/**
 * One coupon of the library: picture, item, discount, period and its state today in Japan, code
 * type; select, show, edit, copy.
 */
export function CouponTile({ coupon, check, onShow, editHref, copyHref }: CouponTileProps) {
  const { t } = useTranslation('coupons');
  const card = useCardText();
  const state = couponState(coupon);
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.tile}
      data-testid="coupon-tile"
      data-state={state}
      data-selected={check.checked || undefined}
    >
      <div
        className={classes.thumb}
        style={coupon.coupon_image_url ? { backgroundImage: `url("${coupon.coupon_image_url}")` } : undefined}
      >
        <Checkbox
          className={classes.tileCheck}
          {...check}
          aria-label={t('list.select', { name: coupon.coupon_content })}
          data-testid="coupon-select"
        />
      </div>
      <Stack gap={4} p="sm" style={{ minWidth: 0, flex: 1 }}>
        <Text fw={700} className={classes.wrap}>
          {coupon.coupon_content}
        </Text>
        <Text fw={800} fz="lg" c="red.9" className={classes.wrap}>
          {discountLabel(coupon, card.text, card.locale)}
        </Text>
        <Text size="sm" c="dimmed" className={classes.period}>
          {t('list.valid', { from: coupon.coupon_date_from, to: coupon.coupon_date_to })}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge {...STATE_BADGES[state]} tt="none" data-testid="coupon-state">
            {t(`list.states.${state}`)}
          </Badge>
          <Badge variant="light" color="gray" tt="none">
            {t(`list.code_types.${coupon.coupon_code_type}` as 'list.code_types.1')}
          </Badge>
        </Group>
        <Group gap={4} mt="auto" pt={4} wrap="wrap">
          <Button size="compact-sm" variant="subtle" onClick={onShow} data-testid="coupon-show">
            {t('list.preview')}
          </Button>
          <ButtonLink
            href={editHref}
            size="compact-sm"
            variant="subtle"
            aria-label={t('list.edit_named', { name: coupon.coupon_content })}
            data-testid="coupon-edit"
          >
            {t('list.edit')}
          </ButtonLink>
          {copyHref ? (
            <ButtonLink
              href={copyHref}
              size="compact-sm"
              variant="subtle"
              aria-label={t('list.copy_named', { name: coupon.coupon_content })}
              data-testid="coupon-copy"
            >
              {t('list.copy')}
            </ButtonLink>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
