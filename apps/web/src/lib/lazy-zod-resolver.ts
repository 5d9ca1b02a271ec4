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
    // react-hook-form hands over its live values: read after the awaits below, they would hold
    // what was typed after the tap (a wrong address tapped, then corrected, made a code).
    const asTapped = snapshot(values);
    // Forms build their resolver on every render; the loaded one is kept per schema loader.
    let ready = loaded.get(loadSchema) as Promise<Loaded> | undefined;
    if (!ready) {
      ready = Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
        ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Loaded,
      );
      loaded.set(loadSchema, ready);
    }
    return (await ready)(asTapped, context, options);
  };
}

/** Plain objects and arrays copied, all the way down; anything else (a File, a Date) kept as is. */
function snapshot<T>(value: T): T {
  if (Array.isArray(value)) return value.map(snapshot) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, snapshot(inner)])) as T;
  }
  return value;
}
