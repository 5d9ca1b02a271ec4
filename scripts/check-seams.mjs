#!/usr/bin/env node
// The seams between the server's modules (docs/architecture.md "Seams"), checked on every import:
//   1. no cycle between module folders (apps/server/src/modules/<name>);
//   2. a module imports another module only through its public file, lookup.ts;
//   3. platform/ and db/ (below the modules) import no module;
//   4. lib/ (helpers that need nothing of the server's) imports only lib/.
//   5. every module has a module.ts (its mounting, one shape: platform/core/server-module.ts), and the top
//      (app.ts, main.ts) imports a module only through it or lookup.ts.
// The web app's features (apps/web/src/features/<name>) keep the same two rules: no cycle between
// features, and a feature imports another only through its public file, index.ts; app/ composes them.
// Imports are read with TypeScript's own pre-processor (static, type-only, re-exports, dynamic
// imports and require), so a comment or a string that looks like an import is not one.
// Usage: node scripts/check-seams.mjs [src dir] [--web web src dir] [--stats]; exits 1 and names each
// violation. A src dir alone checks that server tree, --web alone that web tree; none checks both.
// `--stats` prints the figures: cross-module imports, folder pairs and which module imports which, cycles.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The one file of a module that other modules may import. */
export const PUBLIC_FILE = 'lookup.ts';
/** The one file of a module that app.ts mounts. */
export const MOUNT_FILE = 'module.ts';
/** The one file of a web feature that other features may import. */
export const FEATURE_PUBLIC_FILE = 'index.ts';
/**
 * Imports that break a rule today, each waiting for the change that removes it. A new
 * import that breaks a rule fails; an entry whose import is gone fails too, so the list only shrinks.
 * Keys are `importing file -> imported file`, relative to the source directory.
 */
export const ALLOWED = new Map();

const SOURCE = /\.(?:tsx?|mts|cts|jsx?|mjs|cjs)$/;

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (TypeScript style: the extension may be left out). */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.cts', '.js', '.cjs', '.mjs'].map((e) => base + e)];
  candidates.push(path.join(base, 'index.ts'), path.join(base, 'index.tsx'));
  // `./x.js` written for ES modules names `./x.ts`.
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, '.$1ts'));
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? base;
}

/** Where a file sits: a module (by name), platform, db, lib, or the top (app.ts, main.ts, config.ts). */
function zoneOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'modules' && parts.length > 2)
    return { kind: 'module', name: parts[1], file: parts.slice(2).join('/') };
  if (parts[0] === 'platform' || parts[0] === 'db' || parts[0] === 'lib') return { kind: parts[0] };
  return { kind: 'top' };
}

/** Every relative import of every source file under `src`: { from, to, specifier } (paths relative to src). */
export function importsOf(src) {
  const edges = [];
  for (const file of sourceFiles(src)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = path.relative(src, resolve(file, fileName)).split(path.sep).join('/');
      if (to.startsWith('..')) continue;
      edges.push({ from: path.relative(src, file).split(path.sep).join('/'), to, specifier: fileName });
    }
  }
  return edges;
}

/** Where a web file sits: a feature (by name) or the rest (app/, lib/, components/, cards/…). */
function featureZoneOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'features' && parts.length > 2)
    return { kind: 'module', name: parts[1], file: parts.slice(2).join('/') };
  return { kind: 'rest' };
}

/** The folders' graph (modules, or the web's features): name → set of names it imports. */
function folderGraph(edges, zone = zoneOf) {
  const graph = new Map();
  for (const e of edges) {
    const a = zone(e.from);
    const b = zone(e.to);
    if (a.kind !== 'module' || b.kind !== 'module' || a.name === b.name) continue;
    if (!graph.has(a.name)) graph.set(a.name, new Set());
    graph.get(a.name).add(b.name);
  }
  return graph;
}

/** Strongly connected groups of more than one folder (Tarjan): each is at least one cycle. */
function cycleGroups(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const groups = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!meta.has(v)) visit(v);
  return groups;
}

/** Every elementary cycle between folders (the graph is small), each written from its least name. */
function elementaryCycles(graph) {
  const cycles = [];
  const names = [...graph.keys()].sort();
  for (const start of names) {
    const walk = (v, trail) => {
      for (const w of graph.get(v) ?? []) {
        if (w === start) cycles.push([...trail, start]);
        else if (w > start && !trail.includes(w)) walk(w, [...trail, w]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

/** Every broken rule in `src`: [{ file, specifier, rule }], plus allow-list entries no longer needed. */
export function checkSeams(src, allowed = ALLOWED) {
  const edges = importsOf(src);
  const violations = [];
  const used = new Set();
  const breaks = (e, rule) => {
    const key = `${e.from} -> ${e.to}`;
    if (allowed.has(key)) used.add(key);
    else violations.push({ file: e.from, specifier: e.specifier, rule });
  };
  for (const e of edges) {
    const a = zoneOf(e.from);
    const b = zoneOf(e.to);
    if (a.kind === 'lib' && b.kind !== 'lib')
      breaks(e, 'lib/ needs nothing of the server and imports only lib/');
    if (b.kind !== 'module') continue;
    if (a.kind === 'platform' || a.kind === 'db')
      breaks(e, `${a.kind}/ is below the modules and imports none`);
    else if (a.kind === 'module' && a.name !== b.name && b.file !== PUBLIC_FILE)
      breaks(e, `another module is imported through its ${PUBLIC_FILE} only`);
    else if (a.kind === 'top' && b.file !== PUBLIC_FILE && b.file !== MOUNT_FILE)
      breaks(e, `the top imports a module through its ${MOUNT_FILE} or ${PUBLIC_FILE} only`);
  }
  const modulesDir = path.join(src, 'modules');
  for (const name of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir) : []) {
    const dir = path.join(modulesDir, name);
    if (fs.statSync(dir).isDirectory() && !fs.existsSync(path.join(dir, MOUNT_FILE)))
      violations.push({
        file: `modules/${name}`,
        specifier: MOUNT_FILE,
        rule: `every module has a ${MOUNT_FILE}`,
      });
  }
  const graph = folderGraph(edges);
  for (const group of cycleGroups(graph)) {
    const inside = edges.filter((e) => {
      const a = zoneOf(e.from);
      const b = zoneOf(e.to);
      return (
        a.kind === 'module' &&
        b.kind === 'module' &&
        a.name !== b.name &&
        group.includes(a.name) &&
        group.includes(b.name)
      );
    });
    for (const e of inside)
      violations.push({
        file: e.from,
        specifier: e.specifier,
        rule: `import cycle between module folders ${group.join(', ')}`,
      });
  }
  const stale = [...allowed.keys()].filter((key) => !used.has(key));
  return { violations, stale, edges, graph };
}

/** Figures for the before/after: cross-module imports, folder pairs, cycles. */
export function seamStats(src) {
  const { edges, graph } = checkSeams(src, new Map());
  const cross = edges.filter((e) => {
    const a = zoneOf(e.from);
    const b = zoneOf(e.to);
    return a.kind === 'module' && b.kind === 'module' && a.name !== b.name;
  });
  const pairs = [...graph.values()].reduce((n, s) => n + s.size, 0);
  return {
    crossModuleImports: cross.length,
    folderPairs: pairs,
    // Which modules each module imports (through their lookup.ts), by name.
    imports: Object.fromEntries(
      [...graph].sort(([a], [b]) => a.localeCompare(b)).map(([a, s]) => [a, [...s].sort()]),
    ),
    cycleGroups: cycleGroups(graph),
    cycles: elementaryCycles(graph).map((c) => c.join(' → ')),
    intoInternals: cross.filter((e) => zoneOf(e.to).file !== PUBLIC_FILE).length,
    belowIntoModules: edges.filter(
      (e) =>
        zoneOf(e.from).kind !== 'module' && zoneOf(e.from).kind !== 'top' && zoneOf(e.to).kind === 'module',
    ).length,
  };
}

/** The web's features: every import of another feature through its index.ts, no cycle between features. */
export function checkFeatures(src) {
  const edges = importsOf(src);
  const across = edges.filter((e) => {
    const a = featureZoneOf(e.from);
    const b = featureZoneOf(e.to);
    return a.kind === 'module' && b.kind === 'module' && a.name !== b.name;
  });
  const violations = across
    .filter((e) => featureZoneOf(e.to).file !== FEATURE_PUBLIC_FILE)
    .map((e) => ({
      file: e.from,
      specifier: e.specifier,
      rule: `another feature is imported through its ${FEATURE_PUBLIC_FILE} only`,
    }));
  const graph = folderGraph(edges, featureZoneOf);
  for (const group of cycleGroups(graph))
    for (const e of across.filter(
      (e) => group.includes(featureZoneOf(e.from).name) && group.includes(featureZoneOf(e.to).name),
    ))
      violations.push({
        file: e.from,
        specifier: e.specifier,
        rule: `import cycle between features ${group.join(', ')}`,
      });
  return { violations, across, graph };
}

/** The web features' figures: imports across features, feature pairs, who imports whom, cycles. */
export function featureStats(src) {
  const { across, graph } = checkFeatures(src);
  return {
    crossFeatureImports: across.length,
    featurePairs: [...graph.values()].reduce((n, s) => n + s.size, 0),
    imports: Object.fromEntries(
      [...graph].sort(([a], [b]) => a.localeCompare(b)).map(([a, s]) => [a, [...s].sort()]),
    ),
    cycleGroups: cycleGroups(graph),
    cycles: elementaryCycles(graph).map((c) => c.join(' → ')),
    intoInternals: across.filter((e) => featureZoneOf(e.to).file !== FEATURE_PUBLIC_FILE).length,
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webAt = args.indexOf('--web');
  const webGiven = webAt >= 0 ? args[webAt + 1] : undefined;
  const given = args.find((a, i) => !a.startsWith('--') && (webAt < 0 || i !== webAt + 1));
  // A tree given alone is checked alone (the checker's own tests); none checks the repository.
  const src = given || !webGiven ? path.resolve(given ?? path.join(here, '../apps/server/src')) : null;
  const web = webGiven || !given ? path.resolve(webGiven ?? path.join(here, '../apps/web/src')) : null;
  if (args.includes('--stats')) {
    console.log(
      JSON.stringify(
        { ...(src && { server: seamStats(src) }), ...(web && { webFeatures: featureStats(web) }) },
        null,
        2,
      ),
    );
  } else {
    // The allow-list names files of the server; another tree (the checker's own test) gets none.
    const server = src ? checkSeams(src, given ? new Map() : ALLOWED) : { violations: [], stale: [] };
    const features = web ? checkFeatures(web).violations : [];
    for (const v of server.violations) console.error(`${v.file}: import '${v.specifier}': ${v.rule}`);
    for (const v of features) console.error(`features: ${v.file}: import '${v.specifier}': ${v.rule}`);
    for (const key of server.stale)
      console.error(
        `scripts/check-seams.mjs: allow-list entry '${key}' no longer matches an import: remove it`,
      );
    const problems = server.violations.length + server.stale.length + features.length;
    if (problems > 0) {
      console.error(`\n${problems} seam problem(s) (see docs/architecture.md, "Seams")`);
      process.exit(1);
    }
    console.log(
      [
        src && 'seams: no cycle between modules, every cross-module import through lookup.ts',
        web &&
          `seams: no cycle between web features, every cross-feature import through ${FEATURE_PUBLIC_FILE}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
}
