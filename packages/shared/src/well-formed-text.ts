// The rule every field of every call gets (platform/validation.ts), and form-json.ts for the JSON
// text of a form field; in a file of its own so the web app's first pages do not carry it.

/**
 * Where the first ill-formed string (a lone UTF-16 surrogate, or a NUL character) sits in a parsed
 * body or query: the path of keys to it, or undefined when every key and string is text we can
 * keep. A lone surrogate cannot be stored or encoded as typed (it becomes replacement
 * characters), and PostgreSQL text cannot hold NUL at all (the insert fails), so every call
 * refuses both (`validation.ill_formed_text`).
 */
export function illFormedPath(
  value: unknown,
  path: Array<string | number> = [],
): Array<string | number> | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedPath(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormedText(key)) return [...path, key];
      const found = illFormedPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

// In a `u` regex a lone surrogate is a code point of category Cs; a proper pair is one astral
// character. (String.prototype.isWellFormed is newer than some browsers we serve.) NUL is
// well-formed Unicode, but no text column of PostgreSQL takes it, so SQLite and PostgreSQL would
// answer differently; it is refused alike everywhere.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the string is well-formed UTF-16 without NUL: text every database keeps as typed. */
export function isWellFormedText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
