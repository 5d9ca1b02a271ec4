import { z } from 'zod';
import { halfWidthNumber } from './number-text';

// Plain decimal text, as a form or a query string sends a number: digits, an optional sign and
// fraction. `Number()` alone would also read "0x1", "1e3", "0b1" or "Infinity" as numbers, so a
// crafted id could reach another row than the one written.
const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A number written as plain decimal text (full-width digits too, `halfWidthNumber`) becomes that
 * number; every other value stays as it came (and the schema refuses it).
 */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = halfWidthNumber(value.trim());
  return DECIMAL_TEXT.test(text) ? Number(text) : value;
}

/** `schema` that also takes its number as plain decimal text. */
export const numberish = <T extends z.ZodType>(schema: T) => z.preprocess(numberFromText, schema);

/** Like `numberFromText`, but empty text, null and undefined mean "none" (`empty`). */
export const numberOrEmpty =
  <E>(empty: E) =>
  (value: unknown): unknown =>
    value === '' || value === undefined || value === null ? empty : numberFromText(value);
