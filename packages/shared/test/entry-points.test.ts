import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json';

/**
 * Every module of src/ is an entry point (package.json `exports`, `@qrqr/shared/<file>`), so an
 * importer loads that module and what it imports, nothing else. zod (~30 KB compressed) comes only
 * with the schemas (`<area>-schemas.ts`) and the field helpers they share: a screen or the reader
 * that needs a limit, a path or an error code takes it from a module without zod.
 */
const SRC = join(import.meta.dirname, '../src');
const FIELD_HELPERS = ['form-json', 'form-number', 'link-url', 'name-field', 'page-field'];
const mayImportZod = (name: string) => name.endsWith('-schemas') || FIELD_HELPERS.includes(name);

const modules = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const nameOf = (file: string) => relative(SRC, file).replace(/\.ts$/, '');
/** The modules a module imports for their values (`import type` is erased). */
const valueImports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)(?! type)[^;]*?from '([^']+)';/gms)].map(
    (m) => m[1] as string,
  );
const reachesZod = (file: string, seen = new Set<string>()): boolean => {
  if (seen.has(file)) return false;
  seen.add(file);
  return valueImports(file).some(
    (spec) => spec === 'zod' || (spec.startsWith('.') && reachesZod(join(file, '..', `${spec}.ts`), seen)),
  );
};

describe('entry points', () => {
  const files = modules(SRC);

  it('are the modules themselves: no barrel', () => {
    expect(pkg.exports).toEqual({ './messages': './src/messages/index.ts', './*': './src/*.ts' });
    expect(files.map(nameOf)).not.toContain('index');
  });

  it.each(files.map((f) => [nameOf(f), f]))('%s brings zod only if it is a schema module', (name, file) => {
    if (!mayImportZod(name)) expect(reachesZod(file)).toBe(false);
  });

  it('the schema modules do import zod', () => {
    for (const file of files.filter((f) => mayImportZod(nameOf(f))))
      expect(reachesZod(file), file).toBe(true);
  });
});
