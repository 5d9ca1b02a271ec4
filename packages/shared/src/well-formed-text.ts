// The rule every field of every call gets (platform/http/validation.ts), and form-json.ts for the JSON
// text of a form field; in a file of its own so the web app's first pages do not carry it.

/** A value met on the walk, with the way back to the root (the path is built only when needed). */
interface Step {
  value: unknown;
  key?: string | number;
  parent?: Step;
}

/**
 * Where the first ill-formed string (a lone UTF-16 surrogate, or a NUL character) sits in a parsed
 * body or query: the path of keys to it, or undefined when every key and string is text we can
 * keep. A lone surrogate cannot be stored or encoded as typed (it becomes replacement
 * characters), and PostgreSQL text cannot hold NUL at all (the insert fails), so every call
 * refuses both (`validation.ill_formed_text`).
 *
 * The walk keeps its own stack and copies no path on the way down, so its cost is the size of
 * the value at any depth (a recursive walk copying its path was quadratic and overflowed the call
 * stack on `[[[…]]]` thousands deep).
 */
export function illFormedPath(value: unknown): Array<string | number> | undefined {
  const stack: Step[] = [{ value }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      // Pushed last to first, so items are looked at in order.
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) if (!isWellFormedText(key)) return [...pathOf(step), key];
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return undefined;
}

function pathOf(step: Step): Array<string | number> {
  const path: Array<string | number> = [];
  for (let s: Step | undefined = step; s?.parent; s = s.parent) path.push(s.key as string | number);
  return path.reverse();
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

/**
 * Levels of nesting a JSON body (or the JSON text of a form field) may have. Our deepest contract
 * needs a handful; past this the text is refused before it is parsed (`validation.json_too_deep`),
 * so no walk over it, parser's or ours, costs more than its length.
 */
export const MAX_JSON_DEPTH = 32;

/** True when JSON text opens more than `max` arrays or objects inside each other (strings skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
