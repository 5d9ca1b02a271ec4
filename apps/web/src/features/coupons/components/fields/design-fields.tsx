import { ColorSwatch, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabelledSegments } from '../../../../components/labelled-segments';
import { Controller } from '../../../../lib/form';
import { useTranslation } from '../../../../lib/use-translation';
import { type CouponForm, useFieldKit } from './use-field-kit';

const SWATCHES = ['#ffffff', '#000000', '#fde047', '#dc2626', '#1d4ed8', '#15803d'];

/** How the card's text looks over its picture: colour and shadow. */
export function DesignFields({ form }: { form: CouponForm }) {
  // The coupon texts are named here, where the locale check looks for them.
  const { t } = useTranslation('coupons');
  const { error, label } = useFieldKit(form);
  const { control } = form;

  return (
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
                  // A frame of its own: WebKit draws the well without one, so the default white
                  // vanished on the white page.
                  style={{
                    width: 36,
                    height: 30,
                    padding: 2,
                    border: '1px solid var(--mantine-color-gray-5)',
                    borderRadius: 4,
                    background: 'none',
                    cursor: 'pointer',
                  }}
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
  );
}
