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
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((s) => !allowed.test(s ?? ''))).toEqual([]);
  });
});
