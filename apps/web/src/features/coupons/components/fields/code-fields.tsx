import { Button, Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { COUPON_CODE_TYPES, COUPON_LIMITS } from '@qrqr/shared/coupon-constants';
import { completeJan, IN_STORE_JAN_PREFIXES } from '@qrqr/shared/jan';
import { useTranslation } from '../../../../lib/use-translation';
import { type CouponForm, useFieldKit } from './use-field-kit';

/** The code shown at the till: none, a QR code, a JAN barcode (check digit offered) or a number. */
export function CodeFields({ form }: { form: CouponForm }) {
  // The coupon texts are named here, where the locale check looks for them.
  const { t } = useTranslation('coupons');
  const { error, label, numberBox } = useFieldKit(form);
  const { register, watch, setValue } = form;
  const codeType = Number(watch('coupon_code_type'));
  const code = watch('coupon_code_text');

  return (
    <Fieldset legend={t('create.sections.code')}>
      <Stack gap="sm">
        <NativeSelect
          label={label('coupon_code_type')}
          data={Object.values(COUPON_CODE_TYPES).map((v) => ({
            value: String(v),
            label: t(`create.code_types.${v}` as 'create.code_types.1'),
          }))}
          {...register('coupon_code_type')}
          error={error('coupon_code_type')}
          data-testid="field-coupon_code_type"
        />
        {codeType === COUPON_CODE_TYPES.qr ? (
          <TextInput
            label={label('coupon_code_text_qr')}
            description={`${t('create.fields.coupon_code_text_qr_hint')} ${t('create.count', {
              count: Array.from(code).length,
              max: COUPON_LIMITS.qrCodeMax,
            })}`}
            {...register('coupon_code_text')}
            error={error('coupon_code_text')}
            data-testid="field-coupon_code_text"
          />
        ) : null}
        {codeType === COUPON_CODE_TYPES.jan ? (
          <Stack gap={6}>
            {numberBox('coupon_code_text', {
              label: label('coupon_code_text_jan'),
              description: t('create.fields.coupon_code_text_jan_hint'),
              maxLength: COUPON_LIMITS.janLength,
            })}
            <Group gap="xs">
              {/^\d{12}$/.test(code) ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setValue('coupon_code_text', completeJan(code), { shouldDirty: true })}
                  data-testid="jan-complete"
                >
                  {t('create.fields.jan_complete', { digit: completeJan(code).slice(12) })}
                </Button>
              ) : null}
              {code === '' ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() =>
                    setValue('coupon_code_text', completeJan(`${IN_STORE_JAN_PREFIXES[0]}0000000001`), {
                      shouldDirty: true,
                    })
                  }
                >
                  {t('create.fields.jan_in_store')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}
        {codeType === COUPON_CODE_TYPES.code
          ? numberBox('coupon_code_text', {
              label: label('coupon_code_text_code'),
              maxLength: COUPON_LIMITS.numberCodeMax,
            })
          : null}
      </Stack>
    </Fieldset>
  );
}
