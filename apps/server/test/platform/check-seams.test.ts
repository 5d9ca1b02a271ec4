import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/check-seams.mjs (run by `npm run lint` and `npm test`) over small source trees: the real
 * one passes, and each planted break of a seam fails with the file and the import named; the web
 * app's features keep the same seams through their index.ts.
 */
const script = path.resolve(import.meta.dirname, '../../../../scripts/check-seams.mjs');
const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seams-'));
  trees.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function check(src?: string, web?: string): { code: number; output: string } {
  try {
    const out = execFileSync(
      process.execPath,
      [script, ...(src ? [src] : []), ...(web ? ['--web', web] : [])],
      {
        encoding: 'utf8',
        stdio: 'pipe',
      },
    );
    return { code: 0, output: out };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: e.stdout + e.stderr };
  }
}

/** Two modules that may meet: b stands on a through a's face. */
const layered = {
  'modules/a/lookup.ts': "import { inside } from './inside';\nexport const face = inside;\n",
  'modules/a/inside.ts': 'export const inside = 1;\n',
  'modules/b/use.ts': "import { face } from '../a/lookup';\nexport const used = face;\n",
  'modules/b/lookup.ts': "export { used } from './use';\n",
  'platform/tool.ts': "import type { X } from '../db/x';\nexport type Y = X;\n",
  'db/x.ts': 'export type X = number;\n',
  'modules/a/module.ts': 'export const mountA = 1;\n',
  'modules/b/module.ts': "import { used } from './use';\nexport const mountB = used;\n",
  'app.ts':
    "import { mountA } from './modules/a/module';\nexport { mountB } from './modules/b/module';\nexport default mountA;\n",
};

describe('check-seams', () => {
  it('passes on the server as it is', () => {
    expect(check()).toMatchObject({ code: 0 });
  });

  it('passes on modules that meet only through their faces, one way', () => {
    expect(check(tree(layered))).toMatchObject({ code: 0 });
  });

  it('fails on a cycle between two module folders, naming each import of it', () => {
    const { code, output } = check(
      tree({
        ...layered,
        'modules/a/back.ts': "import type { used } from '../b/lookup';\nexport type T = typeof used;\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain(
      "modules/a/back.ts: import '../b/lookup': import cycle between module folders a, b",
    );
    expect(output).toContain(
      "modules/b/use.ts: import '../a/lookup': import cycle between module folders a, b",
    );
  });

  it('fails on a cycle through three folders and on a dynamic import', () => {
    const { code, output } = check(
      tree({
        'modules/a/lookup.ts': "export const a = () => import('../b/lookup');\n",
        'modules/b/lookup.ts': "export * from '../c/lookup';\n",
        'modules/c/lookup.ts': "import '../a/lookup';\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toMatch(
      /modules\/c\/lookup\.ts: import '..\/a\/lookup': import cycle between module folders a, b, c/,
    );
  });

  it("fails on an import of another module's file other than its lookup.ts", () => {
    const { code, output } = check(
      tree({
        ...layered,
        'modules/b/deep.ts': "import { inside } from '../a/inside';\nexport const d = inside;\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain(
      "modules/b/deep.ts: import '../a/inside': another module is imported through its lookup.ts only",
    );
  });

  it('fails on an import of a module from platform/ or db/, even of its face', () => {
    const { code, output } = check(
      tree({
        ...layered,
        'platform/up.ts': "import { face } from '../modules/a/lookup';\nexport const u = face;\n",
        'db/up.ts': "export { used } from '../modules/b/lookup';\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain("platform/up.ts: import '../modules/a/lookup': platform/ is below the modules");
    expect(output).toContain("db/up.ts: import '../modules/b/lookup': db/ is below the modules");
  });

  it('fails on an import of anything but lib/ from lib/', () => {
    const { code, output } = check(
      tree({
        ...layered,
        'lib/helper.ts':
          "import type { X } from '../db/x';\nimport { other } from './other';\nexport type H = X;\n",
        'lib/other.ts': 'export const other = 1;\n',
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain("lib/helper.ts: import '../db/x': lib/ needs nothing of the server");
    expect(output).not.toContain("lib/helper.ts: import './other'");
  });

  it('fails on a module without module.ts and on app.ts importing a module past it and lookup.ts', () => {
    const { 'modules/a/module.ts': _mounted, ...rest } = layered;
    const { code, output } = check(
      tree({
        ...rest,
        'main.ts': "import { inside } from './modules/a/inside';\nexport const m = inside;\n",
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain("modules/a: import 'module.ts': every module has a module.ts");
    expect(output).toContain(
      "main.ts: import './modules/a/inside': the top imports a module through its module.ts or lookup.ts only",
    );
  });

  it('reads no import out of a comment or a string', () => {
    const quiet = "// import { x } from '../a/inside';\nexport const s = \"from '../a/inside'\";\n";
    expect(check(tree({ ...layered, 'modules/b/quiet.ts': quiet }))).toMatchObject({ code: 0 });
  });

  describe("the web app's features", () => {
    /** Two features that meet one way, through b's public file; app/ composes them. */
    const features = {
      'features/b/index.ts': "export { Part } from './components/part';\n",
      'features/b/components/part.tsx': 'export const Part = () => null;\n',
      'features/a/routes/page.tsx': "import { Part } from '../../b';\nexport const Page = Part;\n",
      'app/routes.tsx': "import { Page } from '../features/a/routes/page';\nexport const r = Page;\n",
    };

    it('pass when a feature imports another through its index.ts', () => {
      expect(check(undefined, tree(features))).toMatchObject({ code: 0 });
    });

    it("fail on an import of another feature's inner file", () => {
      const { code, output } = check(
        undefined,
        tree({
          ...features,
          'features/a/deep.ts': "import { Part } from '../b/components/part';\nexport const d = Part;\n",
        }),
      );
      expect(code).toBe(1);
      expect(output).toContain(
        "features/a/deep.ts: import '../b/components/part': another feature is imported through its index.ts only",
      );
    });

    it('fail on a cycle between features, a dynamic import included', () => {
      const { code, output } = check(
        undefined,
        tree({
          ...features,
          'features/b/back.ts': "export const back = () => import('../a');\n",
          'features/a/index.ts': "export { Page } from './routes/page';\n",
        }),
      );
      expect(code).toBe(1);
      expect(output).toContain("features/b/back.ts: import '../a': import cycle between features a, b");
    });
  });
});
