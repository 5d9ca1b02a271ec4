/** Field names as dotted paths into a form's values (`relation_links.0.url`), typed and at run time. */

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date | File | Blob;

// biome-ignore lint/suspicious/noExplicitAny: a form's values are any object type, interfaces included.
export type FieldValues = Record<string, any>;

/** Every dotted path into T. */
export type Path<T> = T extends Primitive
  ? never
  : T extends readonly (infer V)[]
    ? `${number}` | `${number}.${Path<NonNullable<V>>}`
    : {
        [K in keyof T & string]: NonNullable<T[K]> extends Primitive
          ? K
          : K | `${K}.${Path<NonNullable<T[K]>>}`;
      }[keyof T & string];

/** The value at a dotted path of T. */
export type PathValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, Rest>
    : T extends readonly (infer V)[]
      ? PathValue<NonNullable<V>, Rest>
      : never
  : P extends keyof T
    ? T[P]
    : T extends readonly (infer V)[]
      ? V
      : never;

/** T with every field optional, all the way down (values as typed so far). */
export type DeepPartial<T> = unknown extends T
  ? T
  : T extends Primitive
    ? T
    : T extends readonly (infer V)[]
      ? DeepPartial<V>[]
      : { [K in keyof T]?: DeepPartial<T[K]> };

const keysOf = (path: string) => (path === '' ? [] : path.split('.'));

/** The value at a dotted path, or undefined (typed by the caller: errors and values are nested). */
// biome-ignore lint/suspicious/noExplicitAny: as untyped as the path it follows.
export function get(object: unknown, path: string): any {
  let at = object;
  for (const key of keysOf(path)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * A copy of `object` with `value` at the path: the objects and arrays along the path are new, the
 * rest shared, so a changed value is a changed reference (what React compares).
 */
export function setAt<T>(object: T, path: string, value: unknown): T {
  const [key, ...rest] = keysOf(path);
  if (key === undefined) return value as T;
  const current = object as unknown;
  const inner =
    current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  const next = rest.length
    ? setAt(inner ?? (/^\d+$/.test(rest[0] as string) ? [] : {}), rest.join('.'), value)
    : value;
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...(current as object), [key]: next } as T;
}

/** A copy of `object` without the path (no-op when absent); emptied objects on the way are dropped. */
export function unsetAt<T>(object: T, path: string): T {
  const [key, ...rest] = keysOf(path);
  if (key === undefined || object === null || typeof object !== 'object') return object;
  const record = object as Record<string, unknown>;
  if (!(key in record)) return object;
  if (rest.length) {
    const inner = unsetAt(record[key], rest.join('.'));
    if (inner === record[key]) return object;
    if (
      inner !== null &&
      typeof inner === 'object' &&
      !Array.isArray(inner) &&
      Object.keys(inner).length === 0
    ) {
      return unsetAt(object, key);
    }
    return setAt(object, key, inner);
  }
  if (Array.isArray(object)) {
    const copy = [...object];
    delete copy[Number(key)];
    return copy as T;
  }
  const { [key]: _gone, ...kept } = record;
  return kept as T;
}

/** Plain objects and arrays copied, all the way down; anything else (a File, a Date) kept as is. */
export function snapshot<T>(value: T): T {
  if (Array.isArray(value)) return value.map(snapshot) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, snapshot(inner)])) as T;
  }
  return value;
}

/** Same values, all the way down (plain objects, arrays, dates, primitives). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]))
    );
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}
