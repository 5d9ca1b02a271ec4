import { z } from 'zod';
import { numberFromText } from './form-number';

/** `page` of a paged list (20 a page): 1 when left out, else a whole number from 1 up. */
export const pageField = z.preprocess(
  (v) => (v === undefined || v === '' ? 1 : numberFromText(v)),
  z
    .number({ error: 'validation.page_invalid' })
    .int({ error: 'validation.page_invalid' })
    .min(1, { error: 'validation.page_invalid' })
    .max(1_000_000, { error: 'validation.page_invalid' }),
) as z.ZodType<number, unknown>;
