import fs from 'node:fs';
import path from 'node:path';

/**
 * The test files that never reach a database: neither they nor a test helper they import builds
 * the app (helpers/app.ts) or opens a database. They check code (the module seams), pure logic or
 * Redis, so the PostgreSQL project would only repeat them (vitest.config.ts).
 */
const REACHES_DATABASE = /from\s+['"][^'"]*(\/helpers\/app|\.\/app|\/src\/db\/client)['"]|from\s+['"]pg['"]/;

function reachesDatabase(file: string, testRoot: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  if (REACHES_DATABASE.test(text)) return true;
  for (const [, relative] of text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), relative as string);
    if (!target.startsWith(testRoot)) continue;
    const helper = [`${target}.ts`, target].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (helper && reachesDatabase(helper, testRoot, seen)) return true;
  }
  return false;
}

/** Their paths relative to the server's folder (`test/…`), as Vitest's `exclude` takes them. */
export function databaseFreeTests(serverDir: string): string[] {
  const testRoot = path.join(serverDir, 'test');
  return fs
    .readdirSync(testRoot, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => !reachesDatabase(path.join(testRoot, f), testRoot, new Set()))
    .map((f) => `test/${f.split(path.sep).join('/')}`);
}
