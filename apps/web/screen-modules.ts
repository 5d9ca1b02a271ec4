import fs from 'node:fs';
import path from 'node:path';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import type { Plugin, Rolldown } from 'vite';
import { firstCallsOf, screenFirstQueries } from './src/app/screen-first-calls';
import { channelLayout, type ScreenModule, screens } from './src/app/screens';

/**
 * The build's half of src/app/screens.ts, the table of screens:
 * - `virtual:screen-modules` maps each screen module named there to its `import()`, which the
 *   router loads (lib/lazy-screen.ts): the table is the only list of screen modules;
 * - screen-preloads.json (next to index.html) lists, for each screen path, the files its first
 *   paint needs that index.html does not already name: its module's chunk and every chunk that
 *   imports statically (transitively), their CSS, and its texts' chunk per language. The server
 *   reads it at start (apps/server/src/platform/page/screen-preloads.ts) and names them in the page, so
 *   the browser fetches a whole screen in one round instead of three to five. It carries each
 *   screen's first calls too (src/app/screen-first-calls.ts), its layout's first.
 * Vite's own manifest cannot say this: it keys grouped chunks (chunk-groups.ts) by chunk name, not
 * by the screen module inside them.
 */

const VIRTUAL = 'virtual:screen-modules';
const RESOLVED = `\0${VIRTUAL}`;

export function screenModules(root: string): Plugin {
  const src = path.join(root, 'src');
  const fileOf = new Map<string, string>();
  for (const { module } of [channelLayout, ...screens]) {
    const file = ['.tsx', '.ts'].map((ext) => path.join(src, module + ext)).find((f) => fs.existsSync(f));
    if (!file) throw new Error(`src/app/screens.ts names ${module}, which does not exist`);
    fileOf.set(module, file);
  }
  for (const module of Object.keys(screenFirstQueries))
    if (!fileOf.has(module))
      throw new Error(`src/app/screen-first-calls.ts names ${module}, not a screen module`);
  const languages = fs.readdirSync(path.join(src, 'locales'));

  return {
    name: 'qrqr-screen-modules',
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const entries = [...fileOf].map(
        ([module, file]) => `${JSON.stringify(module)}: () => import(${JSON.stringify(file)})`,
      );
      return `export default {\n${entries.join(',\n')}\n};\n`;
    },
    async generateBundle(_options, bundle) {
      // The server's first-paint bundle (src/prerender.tsx) has no browser files to name.
      if (this.environment.config.build.ssr) return;
      const firstCalls = new Map<string, string[]>();
      for (const module of fileOf.keys()) firstCalls.set(module, await firstCallsOf(module));
      const preloads = screenPreloads(bundle, fileOf, src, languages, firstCalls);
      if (!preloads) return;
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });
    },
  };
}

function screenPreloads(
  bundle: Rolldown.OutputBundle,
  fileOf: Map<string, string>,
  src: string,
  languages: string[],
  firstCalls: Map<string, string[]>,
): ScreenPreloadsFile | undefined {
  const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  // The reader's build (vite.reader.config.ts) has no screens.
  if (!entry || !chunks.some((c) => c.moduleIds.includes(fileOf.get(channelLayout.module) as string))) return;
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkWith = (moduleFile: string) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(moduleFile));
    if (!chunk) throw new Error(`no chunk holds ${moduleFile}`);
    return chunk;
  };
  /** A chunk and everything it imports statically, as the browser would find them one by one. */
  const closure = (start: Rolldown.OutputChunk[], into = new Set<Rolldown.OutputChunk>()) => {
    for (const chunk of start) {
      if (into.has(chunk)) continue;
      into.add(chunk);
      closure(
        chunk.imports.map((f) => byName.get(f)).filter((c): c is Rolldown.OutputChunk => !!c),
        into,
      );
    }
    return into;
  };
  const named = closure([entry]);
  const url = (file: string) => `/${file}`;
  const scripts = (set: Set<Rolldown.OutputChunk>) =>
    [...set].filter((c) => !named.has(c)).map((c) => url(c.fileName));
  const styles = (set: Set<Rolldown.OutputChunk>) => {
    const namedCss = new Set([...named].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
    const css = [...set].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
    return [...new Set(css)].filter((f) => !namedCss.has(f)).map(url);
  };
  const textFiles = (lng: string, namespaces: readonly string[]) =>
    scripts(closure(namespaces.map((ns) => chunkWith(path.join(src, 'locales', lng, `${ns}.json`)))));
  const perLanguage = (namespaces: readonly string[]) =>
    Object.fromEntries(languages.map((lng) => [lng, textFiles(lng, namespaces)]));

  return {
    // lib/i18n.ts loads one language's common texts and the rest of its first-paint files with them.
    texts: perLanguage(['common']),
    screens: screens.map((screen) => {
      const parts: ScreenModule[] = screen.area ? [channelLayout, screen] : [screen];
      const set = closure(parts.map((p) => chunkWith(fileOf.get(p.module) as string)));
      return {
        path: screen.path,
        member: !!(screen.signedIn || screen.area),
        prerender: !!screen.prerender,
        memberPaint: !!screen.memberPaint,
        firstCalls: [...new Set(parts.flatMap((p) => firstCalls.get(p.module) ?? []))],
        js: scripts(set),
        css: styles(set),
        texts: perLanguage([...new Set(parts.flatMap((p) => p.texts ?? []))]),
      };
    }),
  };
}
