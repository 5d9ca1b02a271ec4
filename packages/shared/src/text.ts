import { LIMITS } from './limits';

/** The header shows at most 7 characters of a user's name, then an ellipsis (§5). */
export function truncateName(name: string, max: number = LIMITS.nameTruncation): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

const encoder = new TextEncoder();

/** Bytes a string takes in UTF-8: what a QR code in byte mode holds (the 2331-byte limit). */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

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
