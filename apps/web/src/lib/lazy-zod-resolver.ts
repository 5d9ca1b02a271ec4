import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

// biome-ignore lint/suspicious/noExplicitAny: any zod schema whose input is a form's values.
type Schema = z.ZodType<any, any>;

/** A schema's input, as the form's values. */
type FormValues<S extends Schema> = z.input<S> extends FieldValues ? z.input<S> : never;

const loaded = new WeakMap<() => Promise<Schema>, Promise<unknown>>();

/**
 * A form's zod resolver whose schema, zod itself and the resolver adapter load at the form's first
 * validation (usually its first submit), not with the page: zod is the largest library a form
 * needs, and nothing on screen needs it before then. The schemas stay the server's own.
 */
export function lazyZodResolver<S extends Schema>(
  loadSchema: () => Promise<S>,
): Resolver<FormValues<S>, unknown, z.output<S>> {
  type Loaded = Resolver<FormValues<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    // Forms build their resolver on every render; the loaded one is kept per schema loader.
    let ready = loaded.get(loadSchema) as Promise<Loaded> | undefined;
    if (!ready) {
      ready = Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
        ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Loaded,
      );
      loaded.set(loadSchema, ready);
    }
    return (await ready)(values, context, options);
  };
}
