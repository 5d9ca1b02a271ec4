#!/usr/bin/env bash
# `npm test`: every check and every test, in the order that fails fastest.
# Set TEST_DATABASE_URL=postgres://… to run the API suite on PostgreSQL as well.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$1"; }

step "system packages"
bash scripts/ensure-system-deps.sh
step "lint (biome)"
npx biome check .
step "type check"
npm run typecheck --silent
step "locale keys"
node scripts/check-locales.mjs
step "build web app"
npm run build --workspace apps/web --silent
step "shared rules (property tests)"
(cd packages/shared && npx vitest run)
step "API tests (SQLite${TEST_DATABASE_URL:+ and PostgreSQL})"
(cd apps/server && npx vitest run)
step "browser tests (Chromium)"
(cd e2e && npx vitest run)
