import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * src/cards/ holds what the follower sees (coupons now, Wi-Fi pages and messages next), rendered
 * by the React app's previews and by the light Preact reader alike. A card may import only the
 * shared package, another card file and its own stylesheet: a UI kit, i18next or an app's own
 * module would land in the reader's bundle (or the reader's in the app's).
 */
const CARDS = join(import.meta.dirname, '../src/cards');
const allowed = /^(@qrqr\/shared\/[\w/-]+|\.\/[\w-]+(\.css)?)$/;

describe('cards', () => {
  const files = readdirSync(CARDS).filter((f) => /\.tsx?$/.test(f));

  it('exist', () => {
    expect(files).toContain('coupon-card.tsx');
  });

  it.each(files)('%s imports only the shared package and cards', (file) => {
    const text = readFileSync(join(CARDS, file), 'utf8');
    const sources = [
      ...text.matchAll(
        /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]/g,
      ),
    ].map((m) => m[1] ?? m[2]);
    // The pattern must see every import a card has (a card may have none: phrased.tsx).
    expect(sources.length).toBe((text.match(/^import\s/gm) ?? []).length);
    expect(sources.filter((s) => !allowed.test(s ?? ''))).toEqual([]);
  });

  // A value from a module of zod schemas brings zod (~30 KB compressed) into the reader's bundle:
  // what a card takes from the shared package comes from an entry point whose imports reach no zod.
  const SHARED = join(import.meta.dirname, '../../../packages/shared/src');
  const valueImports = (text: string) =>
    [...text.matchAll(/^import(?! type)[^;]*?from '([^']+)';/gms)].map((m) => m[1] as string);
  const reachesZod = (file: string, seen = new Set<string>()): boolean => {
    if (seen.has(file)) return false;
    seen.add(file);
    return valueImports(readFileSync(file, 'utf8')).some(
      (spec) => spec === 'zod' || (spec.startsWith('.') && reachesZod(join(file, '..', `${spec}.ts`), seen)),
    );
  };

  it.each(files)('%s takes from the shared package only values of modules without zod', (file) => {
    const entries = valueImports(readFileSync(join(CARDS, file), 'utf8'))
      .filter((spec) => spec.startsWith('@qrqr/shared/'))
      .map((spec) => spec.slice('@qrqr/shared/'.length));
    for (const entry of entries) expect(reachesZod(join(SHARED, `${entry}.ts`)), entry).toBe(false);
  });
});
