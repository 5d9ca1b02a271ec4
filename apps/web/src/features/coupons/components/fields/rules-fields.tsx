import { Fieldset, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { COUPON_LIMITS, COUPON_USES } from '@qrqr/shared/coupon-constants';
import { DateField } from '../../../../components/date-field';
import { LabelledSegments } from '../../../../components/labelled-segments';
import { Controller } from '../../../../lib/form';
import { useTranslation } from '../../../../lib/use-translation';
import { type CouponForm, useFieldKit } from './use-field-kit';

/** The terms: how often it may be used, when it is valid, and the fine print. */
export function RulesFields({ form }: { form: CouponForm }) {
  // The coupon texts are named here, where the locale check looks for them.
  const { t } = useTranslation('coupons');
  const { error, label, chars } = useFieldKit(form);
  const { register, control } = form;

  // Calendar days, as the schema keeps them (`YYYY-MM-DD`): the app's day calendar, no time.
  const dateField = (name: 'coupon_date_from' | 'coupon_date_to') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={label(name)}
          value={field.value}
          onChange={field.onChange}
          error={error(name)}
          ref={field.ref}
          testId={`field-${name}`}
        />
      )}
    />
  );

  return (
    <Fieldset legend={t('create.sections.rules')}>
      <Stack gap="sm">
        <Controller
          control={control}
          name="coupon_available_count"
          render={({ field }) => (
            <LabelledSegments
              label={label('coupon_available_count')}
              value={field.value}
              onChange={field.onChange}
              data={[
                { value: String(COUPON_USES.once), label: t('create.uses.once') },
                { value: String(COUPON_USES.unlimited), label: t('create.uses.unlimited') },
              ]}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {dateField('coupon_date_from')}
          {dateField('coupon_date_to')}
        </SimpleGrid>
        <Textarea
          label={label('coupon_text_detail')}
          description={t('create.count', {
            count: chars('coupon_text_detail'),
            max: COUPON_LIMITS.textMax,
          })}
          autosize
          minRows={3}
          maxRows={10}
          {...register('coupon_text_detail')}
          error={error('coupon_text_detail')}
          data-testid="field-coupon_text_detail"
        />
      </Stack>
    </Fieldset>
  );
}
