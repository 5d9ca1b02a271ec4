import { z } from 'zod';
import { numberFromText } from './form-number';

/**
 * The largest row id: INTEGER columns hold up to 2^31 − 1 on PostgreSQL, and a larger number in a
 * query fails there (a 500) where SQLite just finds nothing. Every id a body, query or path carries
 * is checked against it, so both databases answer the same field error or 404.
 */
export const MAX_ID = 2_147_483_647;

/** One id as a number: a positive integer up to MAX_ID; anything else is `error`. */
export const idNumber = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error });

/** The id a path segment names (`/coupon/12`), or null when it is no id (the caller answers 404). */
export function idFromText(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** One id as a number or its decimal text (a form field, a path segment). */
export const idField = (error: string) =>
  z.preprocess(numberFromText, idNumber(error)) as z.ZodType<number, unknown>;
