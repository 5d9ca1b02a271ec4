import { withPasswordConfirmation } from '@qrqr/shared';
import type { z } from 'zod';

type WithConfirmation<T> = T & { password_confirmation: string };

/**
 * The shared "type the new password twice" schema, with its types restored: the shared helper is
 * generic over any object schema, so TypeScript loses the field types on the way through.
 */
export function confirmPassword<S extends z.ZodObject>(schema: S, field: keyof z.output<S> & string) {
  return withPasswordConfirmation(schema, field) as unknown as z.ZodType<
    WithConfirmation<z.output<S>>,
    WithConfirmation<z.input<S>>
  >;
}
