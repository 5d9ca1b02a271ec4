import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './support/server';

/**
 * The web build behind `npm start` (scripts/build-web.mjs), into a temporary builds folder so the
 * checkout's own build stays as it is: production React whatever NODE_ENV says, the styles of
 * exactly the Mantine components the app uses, no rebuild of an unchanged tree, a running server
 * untouched by a later build, and two builds at once that leave one complete build.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temps: string[] = [];

afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function tempBuilds(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-builds-'));
  temps.push(dir);
  return dir;
}

function build(
  buildsDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-web.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, ...env, WEB_BUILDS_DIR: buildsDir },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const builds = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((n) => n !== 'current')
    .sort();
const assetsText = (dir: string, ext: string) =>
  fs
    .readdirSync(path.join(dir, 'assets'))
    .filter((n) => n.endsWith(ext))
    .map((n) => fs.readFileSync(path.join(dir, 'assets', n), 'utf8'))
    .join('\n');
const allJs = (dir: string) => assetsText(dir, '.js');

// Mantine's styles: the whole library's file and one file per component, whose classes (m_ and
// seven or eight hex digits) are the ones its components' code names.
const mantineCore = path.dirname(
  createRequire(path.join(repoRoot, 'apps/web/package.json')).resolve('@mantine/core/styles.css'),
);
const mantineClasses = (text: string) => new Set(text.match(/\bm_[0-9a-f]{7,8}\b/g));
const readMantine = (file: string) => fs.readFileSync(path.join(mantineCore, file), 'utf8');

describe('web build', () => {
  const dir = tempBuilds();

  // Two starts at once, as when two servers start on a changed tree: both build, the first to finish
  // is kept (this suite's first build is that pair, not a pair after a single build).
  it('builds the production React bundle even with NODE_ENV=development, once when two starts build at once', async () => {
    const results = await Promise.all([
      build(dir, { NODE_ENV: 'development' }),
      build(dir, { NODE_ENV: 'development' }),
    ]);
    for (const r of results) expect(r.code, r.output).toBe(0);
    const names = builds(dir);
    expect(names).toHaveLength(1);
    const current = path.join(dir, 'current');
    expect(fs.lstatSync(current).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(current)).toBe(names[0]);
    expect(fs.existsSync(path.join(current, 'index.html'))).toBe(true);
    const js = allJs(current);
    expect(js).toContain('Minified React error');
    expect(js).not.toContain('Download the React DevTools');
    // The server's renderer of first paints too, whatever NODE_ENV the server later runs with.
    const ssr = path.join(current, 'ssr');
    const ssrJs = allJs(ssr) + fs.readFileSync(path.join(ssr, 'prerender.js'), 'utf8');
    expect(ssrJs).not.toContain('process.env.NODE_ENV');
    expect(ssrJs).not.toContain('jsxDEV');
    // Precompressed next to each chunk, for the server to pick per request (the largest here).
    const assets = path.join(current, 'assets');
    const largest = fs
      .readdirSync(assets)
      .filter((n) => n.endsWith('.js'))
      .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0];
    expect(fs.existsSync(path.join(assets, `${largest}.br`))).toBe(true);
    expect(fs.existsSync(path.join(assets, `${largest}.gz`))).toBe(true);
  });

  it("styles every Mantine component the app uses and no other, in Mantine's own order", () => {
    const current = path.join(dir, 'current');
    const used = mantineClasses(allJs(current));
    const styled = mantineClasses(assetsText(current, '.css'));
    const files = fs
      .readdirSync(path.join(mantineCore, 'styles'))
      .filter((n) => n.endsWith('.css') && !n.endsWith('.layer.css'));
    const unstyled: string[] = [];
    const unused: string[] = [];
    for (const file of files) {
      const classes = [...mantineClasses(readMantine(`styles/${file}`))];
      if (classes.some((c) => used.has(c) && !styled.has(c))) unstyled.push(file);
      if (classes.length > 0 && classes.every((c) => !used.has(c)) && classes.some((c) => styled.has(c)))
        unused.push(file);
    }
    expect(unstyled, 'add these to apps/web/src/app/mantine-styles.ts').toEqual([]);
    expect(unused, 'remove these from apps/web/src/app/mantine-styles.ts').toEqual([]);
    // Later files override earlier ones (Button over UnstyledButton), so the list keeps their order.
    const whole = readMantine('styles.css');
    const listed = fs.readFileSync(path.join(repoRoot, 'apps/web/src/app/mantine-styles.ts'), 'utf8');
    const placeInWhole = (file: string) => whole.indexOf(readMantine(file).trim().slice(0, 200));
    const order = [...listed.matchAll(/@mantine\/core\/(styles\/[\w-]+\.css)/g)].map((m) =>
      placeInWhole(m[1] as string),
    );
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('does not rebuild an unchanged tree', async () => {
    const before = builds(dir);
    const index = path.join(dir, 'current', 'index.html');
    const written = fs.statSync(index).mtimeMs;
    const result = await build(dir);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/up to date/);
    expect(builds(dir)).toEqual(before);
    expect(fs.statSync(index).mtimeMs).toBe(written);
  });

  it("keeps a running server's page and chunks answering while a new build replaces its build", async () => {
    // The server starts on an older build (one whose entry chunk no newer build has), as after a
    // change to the sources; the newer build is then made while it runs.
    const fresh = fs.readlinkSync(path.join(dir, 'current'));
    const old = path.join(dir, 'older-build');
    fs.cpSync(path.join(dir, fresh), old, { recursive: true });
    fs.rmSync(path.join(dir, fresh), { recursive: true });
    const indexFile = path.join(old, 'index.html');
    const html = fs.readFileSync(indexFile, 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1] as string;
    fs.renameSync(path.join(old, 'assets', entry), path.join(old, 'assets', 'index-older.js'));
    fs.writeFileSync(indexFile, html.replace(entry, 'index-older.js'));
    fs.rmSync(path.join(dir, 'current'));
    fs.symlinkSync('older-build', path.join(dir, 'current'));

    const server = await startServer({ WEB_DIST: path.join(dir, 'current') });
    try {
      const page = () => fetch(server.url, { headers: { accept: 'text/html' } }).then((r) => r.text());
      expect(await page()).toContain('/assets/index-older.js');

      const result = await build(dir);
      expect(result.code, result.output).toBe(0);
      expect(fs.readlinkSync(path.join(dir, 'current'))).toBe(fresh);

      expect(await page()).toContain('/assets/index-older.js');
      const chunk = await fetch(`${server.url}/assets/index-older.js`);
      expect(chunk.status).toBe(200);
      expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    } finally {
      await server.stop();
    }
    // A new server starts on the new build.
    const next = await startServer({ WEB_DIST: path.join(dir, 'current') });
    try {
      const html = await fetch(next.url, { headers: { accept: 'text/html' } }).then((r) => r.text());
      expect(html).toContain(`/assets/${entry}`);
    } finally {
      await next.stop();
    }
  });
});
