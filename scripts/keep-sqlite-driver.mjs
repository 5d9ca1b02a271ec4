// After `npm install` / `npm ci`: keeps the SQLite driver that was just compiled in npm's own cache
// of prebuilt binaries, under the name the driver's installer (prebuild-install) looks for before it
// downloads or compiles. No prebuilt binary can be downloaded here, so without it every install on
// this machine (a fresh clone, a CI run) compiles SQLite again, about two minutes on one core; with
// it the next install of the same driver version for the same Node.js unpacks it in a second. The
// installer loads the unpacked binary before it accepts it, and compiles as before when that fails.
// Never fails the install: a driver that cannot be kept is compiled next time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

try {
  const require = createRequire(import.meta.url);
  const driverDir = path.dirname(require.resolve('better-sqlite3/package.json'));
  const binary = 'build/Release/better_sqlite3.node';
  if (fs.existsSync(path.join(driverDir, binary))) {
    // The installer's own modules name the file, so its name follows the installer's version.
    const fromDriver = createRequire(path.join(driverDir, 'package.json'));
    const pkg = fromDriver('./package.json');
    const util = fromDriver('prebuild-install/util');
    const options = { ...fromDriver('prebuild-install/rc')(pkg), pkg };
    const cached = util.cachedPrebuild(util.getDownloadUrl(options));
    // A kept binary that differs from this install's (the installer refused it and compiled) is
    // replaced.
    const kept = fs.existsSync(cached)
      ? execFileSync('tar', ['-xzOf', cached, binary], { maxBuffer: 1 << 28 })
      : undefined;
    if (!kept?.equals(fs.readFileSync(path.join(driverDir, binary)))) {
      fs.mkdirSync(path.dirname(cached), { recursive: true });
      const partial = `${cached}.${process.pid}.partial`;
      execFileSync('tar', ['-czf', partial, '-C', driverDir, binary]);
      fs.renameSync(partial, cached);
      console.log(`SQLite driver kept for the next install: ${path.basename(cached)}`);
    }
  }
} catch (error) {
  console.log(`SQLite driver not kept (the next install compiles it): ${error.message}`);
}
