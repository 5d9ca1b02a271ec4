/**
 * Query strings, decoded like bodies (body-parsers.ts): escapes of bytes that are no UTF-8
 * (`%ED%A0%80`, `%FF`) are ill-formed text, and the value becomes a lone surrogate so the one
 * well-formed rule of validation.ts refuses it with E-400 naming the field. Without this the
 * router's parser kept such a value as its raw escapes and the call went on with text the
 * user never sent. Malformed escapes (`%zz`, a lone `%`) stay literal text, as before.
 */

/** A lone UTF-16 surrogate: what validation.ts refuses as `validation.ill_formed_text`. */
const ILL_FORMED = '\ud800';
const ESCAPES_ONLY_WELL_FORMED = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;

type Query = Record<string, string | string[]>;

/** Fastify's `querystringParser`: same shape as its default (repeated keys give arrays). */
export function parseQuerystring(raw: string): Query {
  // No prototype, so `__proto__` or `constructor` are plain keys.
  const result: Query = Object.create(null);
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    let value = decode(rawValue);
    if (key === undefined || value === undefined) value = ILL_FORMED;
    const name = key ?? lenient(rawKey);
    const current = result[name];
    if (current === undefined) result[name] = value;
    else if (Array.isArray(current)) current.push(value);
    else result[name] = [current, value];
  }
  return result;
}

/** The first field whose key or value had escapes of bytes that are no UTF-8 (form bodies refuse it). */
export function illFormedField(query: Query): string | undefined {
  for (const [name, value] of Object.entries(query)) {
    if ((Array.isArray(value) ? value : [value]).includes(ILL_FORMED)) return name;
  }
  return undefined;
}

/** The text of one key or value; undefined when its escapes are bytes that are no UTF-8. */
function decode(text: string): string | undefined {
  const plain = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!plain.includes('%')) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    return ESCAPES_ONLY_WELL_FORMED.test(plain) ? undefined : plain;
  }
}

/** A key that is ill-formed text, readable enough to name it in the field error. */
function lenient(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = Uint8Array.from(run.slice(1).split('%'), (h) => Number.parseInt(h, 16));
    return new TextDecoder().decode(bytes);
  });
}
