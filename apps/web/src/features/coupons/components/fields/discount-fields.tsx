import { Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { COUPON_DISCOUNT_TYPES, COUPON_LIMITS } from '@qrqr/shared/coupon-constants';
import { useTranslation } from '../../../../lib/use-translation';
import { type CouponForm, type FieldName, useFieldKit } from './use-field-kit';

/** The item and its discount: the inputs shown follow the discount type. */
export function DiscountFields({ form }: { form: CouponForm }) {
  // The coupon texts are named here, where the locale check looks for them.
  const { t } = useTranslation('coupons');
  const { error, label, chars, numberBox } = useFieldKit(form);
  const { register, watch } = form;
  const type = Number(watch('coupon_type'));
  const amount = (name: FieldName) => numberBox(name, { label: label(name) });

  return (
    <Fieldset legend={t('create.sections.discount')}>
      <Stack gap="sm">
        <TextInput
          label={label('coupon_content')}
          description={t('create.count', {
            count: chars('coupon_content'),
            max: COUPON_LIMITS.itemNameMax,
          })}
          {...register('coupon_content')}
          error={error('coupon_content')}
          data-testid="field-coupon_content"
        />
        <NativeSelect
          label={label('coupon_type')}
          data={Object.values(COUPON_DISCOUNT_TYPES).map((v) => ({
            value: String(v),
            label: t(`create.discount_types.${v}` as 'create.discount_types.1'),
          }))}
          {...register('coupon_type')}
          error={error('coupon_type')}
          data-testid="field-coupon_type"
        />
        {type === COUPON_DISCOUNT_TYPES.percent ? amount('coupon_value_percent') : null}
        {type === COUPON_DISCOUNT_TYPES.yen ? amount('coupon_value_off') : null}
        {type === COUPON_DISCOUNT_TYPES.lineThrough ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {amount('coupon_value_regular_price')}
            {amount('coupon_value_coupon_price')}
          </SimpleGrid>
        ) : null}
        {type === COUPON_DISCOUNT_TYPES.freeText ? (
          <>
            <TextInput
              label={label('coupon_free_text_large')}
              description={t('create.count', {
                count: chars('coupon_free_text_large'),
                max: COUPON_LIMITS.freeTextLargeMax,
              })}
              {...register('coupon_free_text_large')}
              error={error('coupon_free_text_large')}
              data-testid="field-coupon_free_text_large"
            />
            <TextInput
              label={label('coupon_free_text_small')}
              description={t('create.count', {
                count: chars('coupon_free_text_small'),
                max: COUPON_LIMITS.freeTextSmallMax,
              })}
              {...register('coupon_free_text_small')}
              error={error('coupon_free_text_small')}
              data-testid="field-coupon_free_text_small"
            />
          </>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
