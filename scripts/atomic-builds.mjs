/**
 * Builds side by side in one folder, each made only when its inputs changed (build-web.mjs,
 * build-server.mjs):
 *
 *   <buildsDir>/<hash of the inputs>/   one finished build each
 *   <buildsDir>/current -> <hash>       the build new servers start on
 *
 * A build is written into a temporary folder and renamed into place only when complete, and
 * `current` is swapped by renaming a new symlink over it (atomic on POSIX), so a second start
 * never deletes what a running server still uses: a server resolves `current` once at start, and
 * the previous builds are kept. Two starts at once both build; the first to finish is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A temporary folder this old belongs to a build that died. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** Builds again when a source changed while it was built, at most this many times. */
const ATTEMPTS = 3;

/**
 * @param {object} options
 * @param {string} options.label what is built, for the log ("web app", "server")
 * @param {string} options.repoRoot
 * @param {string} options.buildsDir
 * @param {string[]} options.inputs files and folders (relative to repoRoot) the build is made from
 * @param {Set<string>} options.skip folder names not read inside the inputs
 * @param {string} options.marker the file a finished build holds; a folder without it is no build
 * @param {number} options.keepPrevious finished builds kept besides the current one
 * @param {number} [options.keepRecentMs] also kept: builds made current within this long
 * @param {(outDir: string) => Promise<void>} options.buildInto writes one build into a folder
 */
export async function buildWhenChanged({
  label,
  repoRoot,
  buildsDir,
  inputs,
  skip,
  marker,
  keepPrevious,
  keepRecentMs = 0,
  buildInto,
}) {
  const current = path.join(buildsDir, 'current');
  const done = (name) => fs.existsSync(path.join(buildsDir, name, marker));

  function inputFiles(rel) {
    const abs = path.join(repoRoot, rel);
    if (!fs.existsSync(abs)) return [];
    if (fs.statSync(abs).isFile()) return [rel];
    return fs
      .readdirSync(abs, { withFileTypes: true })
      .filter((e) => !skip.has(e.name))
      .flatMap((e) => inputFiles(path.join(rel, e.name)));
  }

  function inputsHash() {
    const hash = createHash('sha256');
    for (const file of inputs.flatMap(inputFiles).sort()) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(repoRoot, file)));
      hash.update('\0');
    }
    return hash.digest('hex').slice(0, 16);
  }

  function currentTarget() {
    try {
      return fs.readlinkSync(current);
    } catch {
      return undefined;
    }
  }

  function pointCurrentAt(name) {
    // Pruning keeps the builds most recently made current.
    const now = new Date();
    fs.utimesSync(path.join(buildsDir, name), now, now);
    const link = path.join(buildsDir, `.current-${process.pid}-${randomBytes(4).toString('hex')}`);
    fs.symlinkSync(name, link);
    fs.renameSync(link, current);
  }

  /** Keeps the current build and the newest previous ones; removes temporary folders of dead builds. */
  function prune(keep) {
    const entries = fs.readdirSync(buildsDir, { withFileTypes: true });
    const builds = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== keep)
      .map((e) => ({ name: e.name, mtime: fs.statSync(path.join(buildsDir, e.name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const old of builds.slice(keepPrevious).filter((b) => Date.now() - b.mtime > keepRecentMs)) {
      fs.rmSync(path.join(buildsDir, old.name), { recursive: true, force: true });
    }
    for (const e of entries.filter((e) => e.name.startsWith('.tmp-'))) {
      const file = path.join(buildsDir, e.name);
      if (Date.now() - fs.lstatSync(file).mtimeMs > STALE_TEMP_MS)
        fs.rmSync(file, { recursive: true, force: true });
    }
  }

  fs.mkdirSync(buildsDir, { recursive: true });
  let hash = inputsHash();
  if (currentTarget() === hash && done(hash)) {
    console.log(`${label} up to date (${path.relative(repoRoot, path.join(buildsDir, hash))})`);
    return;
  }
  // A source edited while it was built would leave a build that is not what its name says.
  for (let attempt = 1; !done(hash); attempt++) {
    const finished = path.join(buildsDir, hash);
    const temp = path.join(buildsDir, `.tmp-${hash}-${process.pid}-${randomBytes(4).toString('hex')}`);
    console.log(`building the ${label} into ${path.relative(repoRoot, finished)}`);
    try {
      await buildInto(temp);
      const after = inputsHash();
      if (after !== hash && attempt < ATTEMPTS) {
        fs.rmSync(temp, { recursive: true, force: true });
        hash = after;
        continue;
      }
      fs.renameSync(temp, finished);
    } catch (error) {
      // Another start finished the same build first: theirs is as good as ours.
      const sameBuildDone = done(hash);
      fs.rmSync(temp, { recursive: true, force: true });
      if (!sameBuildDone) throw error;
    }
  }
  pointCurrentAt(hash);
  prune(hash);
  console.log(`${label} built (${path.relative(repoRoot, current)} -> ${hash})`);
}

/** Every file under `rel` (relative to repoRoot), `node_modules` left out. */
export function filesUnder(repoRoot, rel) {
  const abs = path.join(repoRoot, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules')
    .flatMap((e) => filesUnder(repoRoot, path.join(rel, e.name)));
}
