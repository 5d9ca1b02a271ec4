import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../../src/config';

/** docs/configuration.md is where an operator looks for a setting: each one the server reads is there. */
describe('docs/configuration.md', () => {
  const doc = fs.readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
  // The names in each table row's first cell.
  const documented = new Set<string>(
    [...doc.matchAll(/^\|[^|]*\|/gm)].flatMap((row) =>
      [...row[0].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] as string),
    ),
  );

  it('documents every environment variable the server reads', () => {
    expect(ENVIRONMENT_VARIABLES.length).toBeGreaterThan(50);
    expect(ENVIRONMENT_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents none the server does not read', () => {
    expect([...documented].filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
  });
});
