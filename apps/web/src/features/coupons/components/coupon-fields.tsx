import {
  Button,
  ColorSwatch,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  COUPON_CODE_TYPES,
  COUPON_DISCOUNT_TYPES,
  COUPON_LIMITS,
  COUPON_USES,
  completeJan,
  IN_STORE_JAN_PREFIXES,
} from '@qrqr/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LabelledSegments } from '../../../components/labelled-segments';
import { NumberField } from '../../../components/number-field';
import { fieldErrorText } from '../../../lib/form-errors';
import type { CouponFormValues } from './coupon-form-values';

type Form = UseFormReturn<CouponFormValues>;
type Name = keyof CouponFormValues;

const SWATCHES = ['#ffffff', '#000000', '#fde047', '#dc2626', '#1d4ed8', '#15803d'];

/** The create form's inputs, grouped as the coupon reads: design, discount, code, terms. */
export function CouponFields({ form }: { form: Form }) {
  const { t } = useTranslation('coupons');
  const { register, control, watch, setValue, formState } = form;
  const error = (name: Name) => fieldErrorText(t, formState.errors[name]?.message);
  const label = (name: string) => t(`create.fields.${name}` as 'create.fields.image');
  const type = Number(watch('coupon_type'));
  const codeType = Number(watch('coupon_code_type'));
  const code = watch('coupon_code_text');
  const chars = (name: Name) => Array.from(watch(name) ?? '').length;

  // Numbers as typed (full-width digits read by the shared rule), never clamped or rounded: the
  // schema names what is wrong with a value out of range.
  const numberBox = (name: Name, props: { label: string; description?: string; maxLength?: number }) => (
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
  const amount = (name: Name) => numberBox(name, { label: label(name) });

  return (
    <Stack gap="lg">
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

      <Fieldset legend={t('create.sections.design')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="coupon_text_color"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="color-label">
                  {label('coupon_text_color')}
                </Text>
                {/* Swatches and the browser's own colour picker: no popover library for one colour. */}
                <Group
                  gap={6}
                  role="radiogroup"
                  aria-labelledby="color-label"
                  data-testid="field-coupon_text_color"
                >
                  {SWATCHES.map((colour) => (
                    <ColorSwatch
                      key={colour}
                      component="button"
                      type="button"
                      color={colour}
                      size={28}
                      role="radio"
                      aria-checked={field.value.toLowerCase() === colour}
                      aria-label={colour}
                      onClick={() => field.onChange(colour)}
                      style={{
                        cursor: 'pointer',
                        outline:
                          field.value.toLowerCase() === colour
                            ? '2px solid var(--mantine-color-blue-6)'
                            : undefined,
                        outlineOffset: 2,
                      }}
                    />
                  ))}
                  <input
                    type="color"
                    value={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.value)}
                    aria-label={t('create.fields.coupon_text_color_other')}
                    style={{ width: 36, height: 30, padding: 0, border: 0, background: 'none' }}
                  />
                </Group>
                {error('coupon_text_color') ? (
                  <Text size="xs" c="red.8">
                    {error('coupon_text_color')}
                  </Text>
                ) : null}
              </Stack>
            )}
          />
          <Controller
            control={control}
            name="coupon_text_color_shadow"
            render={({ field }) => (
              <LabelledSegments
                label={label('coupon_text_color_shadow')}
                value={field.value}
                onChange={field.onChange}
                data={['0', '1'].map((v) => ({
                  value: v,
                  label: t(`create.shadows.${v}` as 'create.shadows.0'),
                }))}
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>

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
            <TextInput
              type="date"
              label={label('coupon_date_from')}
              {...register('coupon_date_from')}
              error={error('coupon_date_from')}
              data-testid="field-coupon_date_from"
            />
            <TextInput
              type="date"
              label={label('coupon_date_to')}
              {...register('coupon_date_to')}
              error={error('coupon_date_to')}
              data-testid="field-coupon_date_to"
            />
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
    </Stack>
  );
}
