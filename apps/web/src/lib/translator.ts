import { DEFAULT_LOCALE } from '@qrqr/shared/limits';

/**
 * The app's texts and the language they are shown in: a small replacement for i18next, which cost
 * ~14 KB of every first visit for features the app does not use. What it does: namespaces of
 * nested JSON per language ("ns:a.b" or the namespaces a screen names), `{{name}}` values,
 * `_one`/`_other` plurals chosen by `count` (Intl.PluralRules), and the default language's text
 * when the current one lacks a key; a key with no text anywhere is shown as itself.
 */

export type TOptions = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, options?: TOptions) => string;

type Tree = Record<string, unknown>;
/** Language → namespace → texts. */
type Store = Map<string, Map<string, Tree>>;

export class Translator {
  readonly #store: Store;
  readonly #listeners = new Set<() => void>();
  #language: string;
  #fixed = new Map<string, TFunction>();

  constructor(language: string, store: Store = new Map()) {
    this.#language = language;
    this.#store = store;
  }

  get language(): string {
    return this.#language;
  }

  /** The same texts shown in another language (each server render keeps its own). */
  forLanguage(language: string): Translator {
    return new Translator(language, this.#store);
  }

  /** Adds texts; with `merge`, into those already there (the server's texts join "messages"). */
  addResourceBundle(lng: string, ns: string, texts: Tree, merge = false): void {
    let namespaces = this.#store.get(lng);
    if (!namespaces) {
      namespaces = new Map();
      this.#store.set(lng, namespaces);
    }
    const before = namespaces.get(ns);
    namespaces.set(ns, merge && before ? deepMerge(before, texts) : texts);
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.#store.get(lng)?.has(ns) ?? false;
  }

  /** Whether "ns:key" has a text in the current language or the default one. */
  exists(key: string): boolean {
    const [ns, path] = splitNamespace(key, 'common');
    return this.#find([ns], path) !== undefined;
  }

  async changeLanguage(lng: string): Promise<void> {
    if (lng === this.#language) return;
    this.#language = lng;
    this.#fixed = new Map();
    for (const listener of this.#listeners) listener();
  }

  /** Called after every language change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A `t` for these namespaces (the first is the default; the others are looked in after it) and
   * key prefix, the same function until the language changes (so it can be an effect's dependency).
   */
  fixedT(namespaces: readonly string[], keyPrefix?: string): TFunction {
    const id = `${namespaces.join(',')}|${keyPrefix ?? ''}`;
    let t = this.#fixed.get(id);
    if (!t) {
      t = (key, options) => this.#translate(namespaces, keyPrefix, key, options);
      this.#fixed.set(id, t);
    }
    return t;
  }

  #translate(
    namespaces: readonly string[],
    keyPrefix: string | undefined,
    key: string,
    options?: TOptions,
  ): string {
    const named = key.includes(':');
    const [ns, bare] = splitNamespace(key, namespaces[0] ?? 'common');
    const path = keyPrefix && !named ? `${keyPrefix}.${bare}` : bare;
    const lookIn = named ? [ns] : namespaces.length ? namespaces : [ns];
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === 'number') {
      const form = new Intl.PluralRules(this.#language).select(count);
      text = this.#find(lookIn, `${path}_${form}`) ?? this.#find(lookIn, `${path}_other`);
    }
    text ??= this.#find(lookIn, path);
    if (text === undefined) return key;
    return options ? interpolate(text, options) : text;
  }

  /** The text at `path` in the first namespace that has it, in the current language, else the default. */
  #find(namespaces: readonly string[], path: string): string | undefined {
    for (const ns of namespaces) {
      for (const lng of this.#language === DEFAULT_LOCALE
        ? [DEFAULT_LOCALE]
        : [this.#language, DEFAULT_LOCALE]) {
        let node: unknown = this.#store.get(lng)?.get(ns);
        for (const part of path.split('.')) node = (node as Tree | undefined)?.[part];
        if (typeof node === 'string') return node;
      }
    }
    return undefined;
  }
}

function splitNamespace(key: string, fallback: string): [string, string] {
  const at = key.indexOf(':');
  return at < 0 ? [fallback, key] : [key.slice(0, at), key.slice(at + 1)];
}

/** `{{name}}` (or `{{a.b}}`) replaced by its value; one not given stays as written, as i18next left it. */
function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g, (written, name: string) => {
    let value: unknown = values;
    for (const part of name.split('.')) value = (value as Tree | undefined)?.[part];
    return value === undefined ? written : String(value);
  });
}

function deepMerge(into: Tree, from: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const before = out[key];
    out[key] = isTree(before) && isTree(value) ? deepMerge(before, value) : value;
  }
  return out;
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
