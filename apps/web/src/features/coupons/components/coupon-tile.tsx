import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { CouponDto } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import type { RowCheck } from '../../../components/selectable-list/selection';
import { useCardText } from './card-text';
import classes from './coupons.module.css';
import { discountLabel } from './discount-label';

interface CouponTileProps {
  coupon: CouponDto;
  check: RowCheck;
  onShow: () => void;
}

/** One coupon of the library: picture, item, discount, validity, code type; select and show. */
export function CouponTile({ coupon, check, onShow }: CouponTileProps) {
  const { t } = useTranslation('coupons');
  const card = useCardText();
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.tile}
      data-testid="coupon-tile"
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
      <Stack gap={4} p="sm" style={{ minWidth: 0 }}>
        <Text fw={700} className={classes.wrap}>
          {coupon.coupon_content}
        </Text>
        <Text fw={800} fz="lg" c="red.9" className={classes.wrap}>
          {discountLabel(coupon, card.text, card.locale)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('list.valid', { from: coupon.coupon_date_from, to: coupon.coupon_date_to })}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" tt="none">
            {t(`list.code_types.${coupon.coupon_code_type}` as 'list.code_types.1')}
          </Badge>
          <Button size="compact-sm" variant="subtle" onClick={onShow} data-testid="coupon-show">
            {t('list.preview')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
