import { PREFECTURE_BOUNDARIES, type PrefectureOutline } from './prefecture-boundaries';

/**
 * A position outside every outline but this close to one is taken to be in it: the outlines are
 * drawn at 1:10 million, so a quay, a beach, a ferry near the shore or a small island left out of
 * them (Etajima, Ikitsuki) falls just outside. Small enough to stay off foreign shores: Kunashir is
 * 16 km from Hokkaido, Korea 50 km from Tsushima.
 */
const SHORE_MARGIN_KM = 10;
/** The outlines' unit: thousandths of a degree. */
const STEPS_PER_DEGREE = 1000;
const KM_PER_DEGREE = 111.195;

interface Polygon {
  code: string;
  /** The outer ring, then the holes: [x0, y0, x1, y1, ...] (x = longitude, y = latitude). */
  rings: readonly (readonly number[])[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The JIS prefecture code ('01'..'47') of a position in Japan, or null outside Japan; computed
 * offline from the prefectures' outlines (prefecture-boundaries.ts). The position itself is never kept.
 */
export const prefectureAt = prefectureLookup(PREFECTURE_BOUNDARIES);

/** A lookup over the given outlines: the one containing the point, else the nearest shore within the margin. */
export function prefectureLookup(
  outlines: readonly PrefectureOutline[],
): (lat: number, lng: number) => string | null {
  const polygons = outlines.flatMap(([code, rings]) => rings.map((polygon) => withBounds(code, polygon)));
  return (lat, lng) => {
    const x = lng * STEPS_PER_DEGREE;
    const y = lat * STEPS_PER_DEGREE;
    for (const polygon of polygons) {
      if (x < polygon.minX || x > polygon.maxX || y < polygon.minY || y > polygon.maxY) continue;
      if (insidePolygon(polygon.rings, x, y)) return polygon.code;
    }
    return nearShore(polygons, x, y);
  };
}

/** The polygon with the bounding box of its outer ring, to skip it cheaply. */
function withBounds(code: string, rings: readonly (readonly number[])[]): Polygon {
  const outer = rings[0] ?? [];
  const xs = outer.filter((_, i) => i % 2 === 0);
  const ys = outer.filter((_, i) => i % 2 === 1);
  return {
    code,
    rings,
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

/** Inside the outer ring and inside none of the holes. */
function insidePolygon(rings: readonly (readonly number[])[], x: number, y: number): boolean {
  const [outer, ...holes] = rings;
  return outer !== undefined && insideRing(outer, x, y) && !holes.some((hole) => insideRing(hole, x, y));
}

/** Even-odd rule: a ray from the point towards +x crosses the ring an odd number of times. */
function insideRing(ring: readonly number[], x: number, y: number): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i] as number;
    const yi = ring[i + 1] as number;
    const xj = ring[j] as number;
    const yj = ring[j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The prefecture whose outline passes within SHORE_MARGIN_KM of the point, the nearest one; else null. */
function nearShore(polygons: readonly Polygon[], x: number, y: number): string | null {
  // Local flat projection to kilometres: exact enough over a few kilometres.
  const kmPerStepY = KM_PER_DEGREE / STEPS_PER_DEGREE;
  const kmPerStepX = kmPerStepY * Math.cos((y / STEPS_PER_DEGREE) * (Math.PI / 180));
  const marginX = SHORE_MARGIN_KM / kmPerStepX;
  const marginY = SHORE_MARGIN_KM / kmPerStepY;
  let best: string | null = null;
  let bestKm = SHORE_MARGIN_KM;
  for (const polygon of polygons) {
    if (x < polygon.minX - marginX || x > polygon.maxX + marginX) continue;
    if (y < polygon.minY - marginY || y > polygon.maxY + marginY) continue;
    for (const ring of polygon.rings) {
      const km = ringDistanceKm(ring, x, y, kmPerStepX, kmPerStepY);
      if (km <= bestKm) {
        bestKm = km;
        best = polygon.code;
      }
    }
  }
  return best;
}

/** Distance from the point to the nearest edge of the ring, in kilometres. */
function ringDistanceKm(ring: readonly number[], x: number, y: number, kx: number, ky: number): number {
  let best = Number.POSITIVE_INFINITY;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    // Edge from a to b, relative to the point, in kilometres.
    const ax = ((ring[j] as number) - x) * kx;
    const ay = ((ring[j + 1] as number) - y) * ky;
    const bx = ((ring[i] as number) - x) * kx;
    const by = ((ring[i + 1] as number) - y) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}
