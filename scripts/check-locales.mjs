#!/usr/bin/env node
/**
 * Checks the web app's translations (run as `npm run check:locales`). Fails, listing every
 * problem, when:
 *  - a locale file exists for one locale only (apps/web/src/locales/<lng>/<namespace>.json);
 *  - a key (or a {{placeholder}} inside a text) exists in one locale's file but not the other's,
 *    or a text is empty;
 *  - a source file under apps/web/src calls t('key') / t('ns:key') (or i18nKey="...") with a
 *    literal key that no locale file defines. Keys without a namespace resolve against the
 *    namespaces the file passes to useTranslation (default "common"). The "messages" namespace
 *    comes from packages/shared/src/messages/<lng>.ts;
 *  - a text spells a term of the glossary (GLOSSARY) another way than the product does;
 *  - a number and its unit are parted by a space a line may break at (「1024 / px」): U+00A0.
 * Plain Node, no dependencies.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'apps/web/src/locales');
const sourceDir = join(root, 'apps/web/src');
const sharedMessagesDir = join(root, 'packages/shared/src/messages');
const DEFAULT_NS = 'common';
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/**
 * One spelling for each of the product's terms: a visible text (locale files, the shared
 * messages) with one of `not` fails. The spec says "send list" and "channel".
 */
const GLOSSARY = [
  { lng: 'ja', term: '送信リスト', not: ['配信リスト'] },
  { lng: 'ja', term: 'チャネル', not: ['チャンネル'] },
  { lng: 'en', term: 'send list', not: ['delivery list', 'distribution list'] },
];

const problems = [];
const rel = (path) => relative(root, path);

/** { "a.b": "text" } from nested JSON objects. */
function flatten(node, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

/**
 * Reads the keys of the shared messages object (`export const ja = { validation: { x: '...' } }`)
 * without running TypeScript: strings are skipped whole, `key: {` opens a group, `}` closes it.
 */
function sharedMessageKeys(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const start = text.search(/=\s*\{/);
  if (start < 0) return new Map();
  const body = text.slice(text.indexOf('{', start) + 1);
  const token = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`|([A-Za-z_$][\w$]*)\s*:\s*(\{)?|(\})/g;
  const stack = [];
  const keys = new Map();
  for (const match of body.matchAll(token)) {
    const [, name, opens, closes] = match;
    if (closes) {
      if (stack.length === 0) break; // end of the exported object
      stack.pop();
    } else if (name && opens) {
      stack.push(name);
    } else if (name) {
      keys.set([...stack, name].join('.'), 'x');
    }
  }
  return keys;
}

function listDirs(dir) {
  return readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
}

// 1. Locale files: same files, same keys, same placeholders, no empty texts.
const locales = listDirs(localesDir).sort();
/** resources[lng][ns] = Map(key -> text) */
const resources = {};
for (const lng of locales) {
  resources[lng] = {};
  for (const file of readdirSync(join(localesDir, lng)).filter((f) => f.endsWith('.json'))) {
    const path = join(localesDir, lng, file);
    try {
      resources[lng][file.replace(/\.json$/, '')] = flatten(JSON.parse(readFileSync(path, 'utf8')));
    } catch (error) {
      problems.push(`${rel(path)}: invalid JSON (${error.message})`);
    }
  }
}

const allNamespaces = [...new Set(locales.flatMap((lng) => Object.keys(resources[lng])))].sort();
const placeholders = (text) =>
  [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

for (const ns of allNamespaces) {
  const having = locales.filter((lng) => resources[lng][ns]);
  for (const lng of locales.filter((l) => !resources[l][ns])) {
    problems.push(`locales/${lng}/${ns}.json is missing (exists for ${having.join(', ')})`);
  }
  const keys = new Set(having.flatMap((lng) => [...resources[lng][ns].keys()]));
  for (const key of [...keys].sort()) {
    // Plural forms differ by language (Japanese has only "_other"): every locale needs a key's
    // "_other" form, the others only where that language uses them.
    const languageForm = PLURAL_SUFFIXES.some((suffix) => suffix !== '_other' && key.endsWith(suffix));
    for (const lng of having) {
      const text = resources[lng][ns].get(key);
      if (text === undefined && languageForm) continue;
      if (text === undefined) {
        const others = having.filter((l) => resources[l][ns].has(key));
        problems.push(`locales/${lng}/${ns}.json: missing key "${key}" (present in ${others.join(', ')})`);
      } else if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`locales/${lng}/${ns}.json: "${key}" is empty or not a string`);
      }
    }
    const [first, ...rest] = having.filter((lng) => typeof resources[lng][ns].get(key) === 'string');
    for (const lng of rest) {
      const a = placeholders(resources[first][ns].get(key)).join(',');
      const b = placeholders(resources[lng][ns].get(key)).join(',');
      if (a !== b) problems.push(`${ns}:${key}: placeholders differ (${first}: [${a}], ${lng}: [${b}])`);
    }
  }
}

// The shared "messages" namespace joins the lookup for source keys.
for (const lng of locales) {
  // The first visit's texts (<lng>.ts), the services' (<lng>-services.ts) and the A/B tests'
  // (<lng>-ab-tests.ts, which the message screens use) make one namespace.
  resources[lng].messages = new Map();
  for (const file of [
    join(sharedMessagesDir, `${lng}.ts`),
    join(sharedMessagesDir, `${lng}-services.ts`),
    join(sharedMessagesDir, `${lng}-ab-tests.ts`),
  ]) {
    try {
      for (const [key, text] of sharedMessageKeys(file)) resources[lng].messages.set(key, text);
    } catch {
      problems.push(`${rel(file)}: cannot read the shared messages for ${lng}`);
    }
  }
}

/** [where, text] of every text of a language: its locale files, and the shared messages read whole. */
function textsOf(lng) {
  const texts = Object.entries(resources[lng] ?? {})
    .filter(([ns]) => ns !== 'messages')
    .flatMap(([ns, map]) =>
      [...map].map(([key, text]) => [`locales/${lng}/${ns}.json "${key}"`, String(text)]),
    );
  for (const file of [join(sharedMessagesDir, `${lng}.ts`), join(sharedMessagesDir, `${lng}-services.ts`)])
    texts.push([rel(file), readFileSync(file, 'utf8')]);
  return texts;
}

// 2. The glossary.
for (const { lng, term, not } of GLOSSARY) {
  for (const [where, text] of textsOf(lng))
    for (const other of not.filter((spelling) => text.toLowerCase().includes(spelling.toLowerCase())))
      problems.push(`${where}: 「${other}」 where the product says 「${term}」`);
}

// 3. A number keeps its unit on its line: the space between them is a no-break space.
const UNIT_AFTER_SPACE = /\d+ (?:px|KB|MB|GB|mm|cm|km)\b/g;
for (const lng of locales) {
  for (const [where, text] of textsOf(lng))
    for (const [found] of text.matchAll(UNIT_AFTER_SPACE))
      problems.push(`${where}: 「${found}」 may break between the number and its unit (use U+00A0)`);
}

// 4. Literal keys used in the sources.
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function fileNamespaces(text) {
  const found = new Set();
  for (const match of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|(['"])[\w-]+\2)?/g)) {
    if (!match[1]) found.add(DEFAULT_NS);
    else for (const m of match[1].matchAll(/['"]([\w-]+)['"]/g)) found.add(m[1]);
  }
  return found.size ? [...found] : [DEFAULT_NS];
}

function defined(lng, ns, key) {
  const map = resources[lng]?.[ns];
  if (!map) return false;
  return map.has(key) || PLURAL_SUFFIXES.some((suffix) => map.has(key + suffix));
}

const usage = /(?<![\w$])t\(\s*(['"])((?:(?!\1)[^\\\n])+)\1|i18nKey=(['"])((?:(?!\3)[^\\\n])+)\3/g;
let checkedKeys = 0;
for (const file of sourceFiles(sourceDir)) {
  const text = readFileSync(file, 'utf8');
  const namespaces = fileNamespaces(text);
  for (const match of text.matchAll(usage)) {
    const raw = match[2] ?? match[4];
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${rel(file)}:${line}`;
    checkedKeys += 1;
    const colon = raw.indexOf(':');
    const candidates =
      colon > 0 ? [[raw.slice(0, colon), raw.slice(colon + 1)]] : namespaces.map((ns) => [ns, raw]);
    for (const lng of locales) {
      if (!candidates.some(([ns, key]) => defined(lng, ns, key))) {
        const tried = candidates.map(([ns, key]) => `${ns}:${key}`).join(' or ');
        problems.push(`${where}: t('${raw}') has no text in ${lng} (looked for ${tried})`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`check-locales: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(
  `check-locales: OK (${locales.join(', ')}; ${allNamespaces.length} namespaces; ${checkedKeys} literal keys in sources)`,
);
