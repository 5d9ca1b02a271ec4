import { z } from 'zod';
import { illFormedPath, jsonTooDeep } from './well-formed-text';

/**
 * A nested field (an object or a list of objects) that a JSON body sends as it is and a
 * form-encoded body, whose values are flat strings, sends as the field's JSON text. Text that is
 * no JSON, or JSON of the wrong shape, is a field error on this field; the parsed value passes the
 * same well-formed text rule as every body (an escape such as "\ud800" only appears once parsed).
 */
export const jsonOrText = <T extends z.ZodType>(kind: 'object' | 'array', schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (jsonTooDeep(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.json_too_deep', input: value });
      return z.NEVER;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.json_invalid', input: value });
      return z.NEVER;
    }
    const shapeFits = kind === 'array' ? Array.isArray(parsed) : isPlainObject(parsed);
    if (!shapeFits) {
      ctx.addIssue({ code: 'custom', message: `validation.json_${kind}`, input: value });
      return z.NEVER;
    }
    const bad = illFormedPath(parsed);
    if (bad) {
      ctx.addIssue({ code: 'custom', message: 'validation.ill_formed_text', path: bad, input: value });
      return z.NEVER;
    }
    return parsed;
  }, schema) as unknown as z.ZodType<z.output<T>, z.input<T> | string>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A list of plain values (ids, addresses, names of permissions): a JSON array, a form field
 * repeated (`emails=a&emails=b`, which the form parser gives as an array) or one comma-separated
 * form value (`permissions=view,edit_title`). Only for values that cannot hold a comma.
 */
export const listFromForm = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : value;
