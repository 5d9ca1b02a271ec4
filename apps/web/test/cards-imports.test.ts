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
const allowed = /^(@qrqr\/shared|\.\/[\w-]+(\.css)?)$/;

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
  // what a card takes from the shared package must be declared in a module without zod.
  const SHARED = join(import.meta.dirname, '../../../packages/shared/src');
  const declaredIn = new Map<string, string>();
  for (const file of readdirSync(SHARED).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(SHARED, file), 'utf8');
    for (const m of text.matchAll(/^export (?:const|function) (\w+)/gm)) declaredIn.set(m[1] ?? '', text);
  }

  it.each(files)('%s takes from the shared package only values declared without zod', (file) => {
    const text = readFileSync(join(CARDS, file), 'utf8');
    const values = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@qrqr\/shared'/g)]
      .flatMap((m) => (m[1] ?? '').split(','))
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    for (const name of values) {
      const source = declaredIn.get(name);
      expect(source, name).toBeDefined();
      expect(/from 'zod'/.test(source ?? ''), `${name} is declared in a module importing zod`).toBe(false);
    }
  });
});
