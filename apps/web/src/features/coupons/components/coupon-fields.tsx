import { Stack } from '@mantine/core';
import { CodeFields } from './fields/code-fields';
import { DesignFields } from './fields/design-fields';
import { DiscountFields } from './fields/discount-fields';
import { RulesFields } from './fields/rules-fields';
import type { CouponForm } from './fields/use-field-kit';

/** The create form's inputs, grouped as the coupon reads: discount, design, code, terms. */
export function CouponFields({ form }: { form: CouponForm }) {
  return (
    <Stack gap="lg">
      <DiscountFields form={form} />
      <DesignFields form={form} />
      <CodeFields form={form} />
      <RulesFields form={form} />
    </Stack>
  );
}
