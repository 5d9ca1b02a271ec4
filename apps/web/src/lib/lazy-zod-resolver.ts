import type { z } from 'zod';
import type { FieldErrors, FieldValues, Resolver } from './form';
import { snapshot } from './form/paths';
import { errorsOfIssues } from './form/schema-errors';

// biome-ignore lint/suspicious/noExplicitAny: any zod schema whose input is a form's values.
type Schema = z.ZodType<any, any>;

/** A schema's input, as the form's values. */
type FormValues<S extends Schema> = z.input<S> extends FieldValues ? z.input<S> : never;

const loaded = new WeakMap<() => Promise<Schema>, Promise<Schema>>();

/**
 * A form's resolver whose schema and zod itself load at the form's first validation (usually its
 * first submit), not with the page: zod is the largest library a form needs, and nothing on
 * screen needs it before then. The schemas stay the server's own.
 */
export function lazyZodResolver<S extends Schema>(
  loadSchema: () => Promise<S>,
): Resolver<FormValues<S>, z.output<S>> {
  return async (values) => {
    // The values as tapped: what is typed while the schema loads is not what was submitted.
    const asTapped = snapshot(values);
    // Forms build their resolver on every render; the loaded schema is kept per loader.
    let ready = loaded.get(loadSchema);
    if (!ready) {
      ready = loadSchema();
      loaded.set(loadSchema, ready);
    }
    const result = await (await ready).safeParseAsync(asTapped);
    if (result.success) return { values: result.data, errors: {} as Record<string, never> };
    return { values: {}, errors: errorsOfIssues(result.error.issues as never) as FieldErrors<FormValues<S>> };
  };
}
