import { z } from 'zod';
import { normalizeName } from './name-text';

// Apart from name-text.ts: this part needs zod, which a page loads only when a form first validates.

interface NameFieldOptions {
  max: number;
  /** Message when the value is missing or empty; an optional field leaves this out (0 characters allowed). */
  required?: string;
  tooLong: string;
  /** Message when the value is not text at all; `required` or else `tooLong` by default. */
  invalid?: string;
}

/** A name field of a body: normalised first, so the server stores and counts what the form counted. */
export function nameField({ max, required, tooLong, invalid }: NameFieldOptions) {
  const base = z.string({ error: invalid ?? required ?? tooLong }).overwrite(normalizeName);
  // Not aborting: a form's other rules (cross-field checks) still run and are named together.
  const filled = required ? base.min(1, { error: required }) : base;
  return filled.refine((v) => Array.from(v).length <= max, { error: tooLong });
}
