import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  COUPON_CODE_TYPES,
  COUPON_DISCOUNT_TYPES,
  COUPON_LIMITS,
  COUPON_TEXT_SHADOWS,
} from '@qrqr/shared/coupon-constants';
import { WIFI_COUPON_DEFAULTS, WIFI_COUPON_UNLIMITED, WIFI_PAGE_LIMITS } from '@qrqr/shared/wifi-constants';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { CouponValues } from '../../coupons';
import { ColourField } from './colour-field';

/**
 * The page's optional coupon: the coupon library's discount types (percent 1, yen 2, line-through 3,
 * half 4, free 5, free text 6), design, code, text and how many to hand out. Its labels are the
 * library's (coupons namespace); the server applies the library's rules.
 */
export function CouponFields({
  value,
  onChange,
  errorOf,
  picture,
}: {
  value: CouponValues;
  onChange: (patch: Partial<CouponValues>) => void;
  errorOf: (field: string) => string | null;
  /** The coupon picture's control, which uploads and so lives with the builder. */
  picture?: ReactNode;
}) {
  const { t } = useTranslation('wifi');
  const { t: c } = useTranslation('coupons');
  const codeLabel = {
    1: 'coupon_code_text_qr',
    2: 'coupon_code_text_jan',
    3: 'coupon_code_text_code',
  } as const;
  const label = (name: string) =>
    c(
      `create.fields.${name === 'coupon_code_text' ? (codeLabel[Number(value.coupon_code_type) as 1] ?? 'coupon_code_text_code') : name}` as 'create.fields.image',
    );
  const err = (name: keyof CouponValues) => errorOf(`coupon.${name}`);
  const input = (name: keyof CouponValues, max?: number) => (
    <TextInput
      label={label(name)}
      value={value[name]}
      maxLength={max}
      inputMode={max === undefined ? 'numeric' : undefined}
      onChange={(e) => onChange({ [name]: e.currentTarget.value })}
      error={err(name)}
      data-testid={`field-${name}`}
    />
  );
  const unlimited = value.coupon_available_count === String(WIFI_COUPON_UNLIMITED);
  const type = Number(value.coupon_type);
  return (
    <Fieldset legend={t('create.coupon')}>
      <Stack gap="sm">
        {input('coupon_content', COUPON_LIMITS.itemNameMax)}
        <NativeSelect
          label={label('coupon_type')}
          value={value.coupon_type}
          onChange={(e) => onChange({ coupon_type: e.currentTarget.value })}
          data={Object.values(COUPON_DISCOUNT_TYPES).map((v) => ({
            value: String(v),
            label: c(`create.discount_types.${v}` as 'create.discount_types.1'),
          }))}
          data-testid="field-coupon_type"
        />
        {type === COUPON_DISCOUNT_TYPES.percent ? input('coupon_value_percent') : null}
        {type === COUPON_DISCOUNT_TYPES.yen ? input('coupon_value_off') : null}
        {type === COUPON_DISCOUNT_TYPES.lineThrough ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {input('coupon_value_regular_price')}
            {input('coupon_value_coupon_price')}
          </SimpleGrid>
        ) : null}
        {type === COUPON_DISCOUNT_TYPES.freeText ? (
          <>
            {input('coupon_free_text_large', COUPON_LIMITS.freeTextLargeMax)}
            {input('coupon_free_text_small', COUPON_LIMITS.freeTextSmallMax)}
          </>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <ColourField
            label={label('coupon_text_color')}
            kind="text"
            value={value.coupon_text_color}
            onChange={(v) => onChange({ coupon_text_color: v })}
            error={err('coupon_text_color')}
            testId="field-coupon_text_color"
          />
          <NativeSelect
            label={label('coupon_text_color_shadow')}
            value={value.coupon_text_color_shadow}
            onChange={(e) => onChange({ coupon_text_color_shadow: e.currentTarget.value })}
            data={Object.values(COUPON_TEXT_SHADOWS).map((v) => ({
              value: String(v),
              label: c(`create.shadows.${v}` as 'create.shadows.0'),
            }))}
          />
        </SimpleGrid>
        <NativeSelect
          label={label('coupon_code_type')}
          value={value.coupon_code_type}
          onChange={(e) => onChange({ coupon_code_type: e.currentTarget.value })}
          data={Object.values(COUPON_CODE_TYPES).map((v) => ({
            value: String(v),
            label: c(`create.code_types.${v}` as 'create.code_types.1'),
          }))}
          data-testid="field-coupon_code_type"
        />
        {Number(value.coupon_code_type) !== COUPON_CODE_TYPES.none
          ? input('coupon_code_text', COUPON_LIMITS.qrCodeMax)
          : null}
        <Textarea
          label={label('coupon_text_detail')}
          description={t('create.count', {
            count: Array.from(value.coupon_text_detail).length,
            max: WIFI_PAGE_LIMITS.couponTextMax,
          })}
          value={value.coupon_text_detail}
          onChange={(e) => onChange({ coupon_text_detail: e.currentTarget.value })}
          error={err('coupon_text_detail')}
          autosize
          minRows={2}
        />
        <Checkbox
          label={t('create.coupon_unlimited')}
          checked={unlimited}
          onChange={(e) =>
            onChange({
              coupon_available_count: e.currentTarget.checked
                ? String(WIFI_COUPON_UNLIMITED)
                : String(WIFI_COUPON_DEFAULTS.uses),
            })
          }
        />
        {unlimited ? null : (
          <TextInput
            label={t('create.coupon_count')}
            inputMode="numeric"
            value={value.coupon_available_count}
            onChange={(e) => onChange({ coupon_available_count: e.currentTarget.value })}
            error={err('coupon_available_count')}
            data-testid="field-coupon_available_count"
          />
        )}
        {picture}
      </Stack>
    </Fieldset>
  );
}
