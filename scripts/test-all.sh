#!/usr/bin/env bash
# `npm test`: every check and every test, in the order that fails fastest.
# Set TEST_DATABASE_URL=postgres://… to run the API suite on PostgreSQL as well.
set -euo pipefail
cd "$(dirname "$0")/.."

# The tests make and delete thousands of short-lived files (a database per test file, a server's
# data, browser profiles), every SQLite commit synced to disk. On a tmpfs (/dev/shm) a sync costs
# nothing and nothing is written back (the API suite on SQLite took about a tenth less time and
# CPU); the files are the same to every test. TMPDIR set by the caller is kept.
scratch=""
if [ -z "${TMPDIR:-}" ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ] &&
  [ "$(df --output=avail -k /dev/shm | tail -1)" -gt $((4 * 1024 * 1024)) ]; then
  scratch=$(mktemp -d /dev/shm/qrqr-tests-XXXXXX)
  export TMPDIR=$scratch
fi
reports=$(mktemp -d)
step() { printf "\n== %s (at %d s) ==\n" "$1" "$SECONDS"; }
# Each suite also writes a JSON report; the last line adds them up, even after a failure.
suite() {
  local name=$1 dir=$2
  (cd "$dir" && npx vitest run --reporter=default --reporter=json --outputFile="$reports/$name.json")
}
summary() {
  node -e '
    const fs = require("fs"), path = require("path"), dir = process.argv[1];
    let passed = 0, failed = 0, skipped = 0, brokenFiles = 0;
    const files = [];
    for (const f of fs.readdirSync(dir)) {
      const r = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
      passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
      for (const t of r.testResults) {
        files.push({ suite: path.basename(f, ".json"), name: path.relative(process.cwd(), t.name), ms: t.endTime - t.startTime });
      }
      // A file that failed with no failed test of its own failed in its set-up (or its import).
      brokenFiles += r.testResults.filter(
        (t) => t.status === "failed" && !t.assertionResults.some((a) => a.status === "failed"),
      ).length;
    }
    // Where the time goes: the slowest test files of the run (a file of the API suite runs once per database).
    console.log("\nslowest test files:");
    for (const t of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.suite}  ${t.name}`);
    }
    console.log(`\ntests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : "") +
      (brokenFiles ? ` (${brokenFiles} test files failed in their set-up)` : ""));
  ' "$reports"
  rm -rf "$reports"
  if [ -n "$scratch" ]; then rm -rf "$scratch"; fi
}
trap summary EXIT

# `together FN ITEM…`: FN ITEM for every item at the same time; each one's output is printed whole,
# in order, as soon as it and those before it have ended. Fails when any of them failed.
together() {
  local fn=$1 logs pids=() failed=0 i=0 item
  shift
  logs=$(mktemp -d)
  for item in "$@"; do
    "$fn" "$item" >"$logs/${item//\//_}.log" 2>&1 &
    pids+=($!)
  done
  for item in "$@"; do
    wait "${pids[i]}" || failed=1
    i=$((i + 1))
    printf '\n-- %s (ended at %d s) --\n' "$item" "$SECONDS"
    cat "$logs/${item//\//_}.log"
  done
  rm -rf "$logs"
  return "$failed"
}

# A unit suite, its report named for its folder (shared, web, qr).
unit_suite() { suite "$(basename "$1")" "$1"; }

# The flows of e2e/engines/flows in one engine (each file starts its own server, browser and, for
# WebKit, Xvfb).
engine_flows() {
  (cd e2e && npx vitest run --config vitest.engines.config.ts --project "$1" --reporter=default \
    --reporter=json --outputFile="$reports/engines-$1.json")
}

# The three engines at the same time, then one line of totals per engine.
engines() {
  local failed=0 engine start=$SECONDS
  together engine_flows chromium firefox webkit || failed=1
  for engine in chromium firefox webkit; do
    node -e '
      const fs = require("fs"), [file, engine] = process.argv.slice(1);
      if (!fs.existsSync(file)) {
        console.log(`${engine}: no report`);
      } else {
        const r = JSON.parse(fs.readFileSync(file, "utf8"));
        const ms = Math.max(...r.testResults.map((t) => t.endTime)) - r.startTime;
        console.log(`${engine}: ${r.numPassedTests} passed, ${r.numFailedTests} failed in ${(ms / 1000).toFixed(0)} s`);
      }
    ' "$reports/engines-$engine.json" "$engine"
  done
  echo "cross-engine flows took $((SECONDS - start)) s"
  return "$failed"
}

step "system packages"
bash scripts/ensure-system-deps.sh
step "lint (biome, module seams)"
npx biome check .
node scripts/check-seams.mjs
# The type check alone: beside the builds and unit tests, all three took longer (121 s against 110 s).
step "type check"
npm run typecheck --silent
step "locale keys"
node scripts/check-locales.mjs
step "build web app"
node scripts/build-web.mjs
step "build server (the tests that spawn one start it compiled)"
node scripts/build-server.mjs
# The QR renderer's suite waits on Ghostscript much of its time; the other two fill the cores.
step "unit tests side by side: shared rules (property tests), web app logic, QR renderer (decode every format)"
together unit_suite packages/shared apps/web packages/qr
step "API tests (SQLite${TEST_DATABASE_URL:+ and PostgreSQL})"
suite api apps/server
# Bound by CPU, so the suites run one after another: the API suites beside the Chromium flows
# took as long as the two one after the other (1,095 s against 1,097 s), and a timing test failed.
step "browser tests (Chromium)"
suite e2e e2e
step "cross-engine flows (Chromium, Firefox, WebKit side by side)"
engines
