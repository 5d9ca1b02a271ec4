import { NumberField } from '../../../../components/number-field';
import { Controller, type UseFormReturn } from '../../../../lib/form';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import type { CouponFormValues } from '../coupon-form-values';

export type CouponForm = UseFormReturn<CouponFormValues>;
export type FieldName = keyof CouponFormValues;

/** What every group of the coupon form uses: texts, a field's error and label, counts, number boxes. */
export function useFieldKit(form: CouponForm) {
  const { t } = useTranslation('coupons');
  const { control, watch, formState } = form;
  const error = (name: FieldName) => fieldErrorText(t, formState.errors[name]?.message);
  const label = (name: string) => t(`create.fields.${name}` as 'create.fields.image');
  const chars = (name: FieldName) => Array.from(watch(name) ?? '').length;

  // Numbers as typed (full-width digits read by the shared rule), never clamped or rounded: the
  // schema names what is wrong with a value out of range.
  const numberBox = (name: FieldName, props: { label: string; description?: string; maxLength?: number }) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberField
          {...props}
          value={field.value}
          onChange={(v) => field.onChange(String(v))}
          onBlur={field.onBlur}
          name={field.name}
          error={error(name)}
          data-testid={`field-${name}`}
          ref={field.ref}
        />
      )}
    />
  );

  return { t, error, label, chars, numberBox };
}
