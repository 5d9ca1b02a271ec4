import { PREFECTURE_POINTS } from './prefecture-points';

/** Farther than this from every reference point, a position is not taken to be in Japan. */
const MAX_DISTANCE_KM = 90;
const EARTH_KM = 6371;
const RAD = Math.PI / 180;

/**
 * The JIS prefecture code ('01'..'47') of a position in Japan, or null outside Japan; computed
 * offline from the nearest reference point (prefecture-points.ts). The position itself is never kept.
 */
export function prefectureAt(lat: number, lng: number): string | null {
  let best: string | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const [code, plat, plng] of PREFECTURE_POINTS) {
    const km = distanceKm(lat, lng, plat, plng);
    if (km < bestKm) {
      bestKm = km;
      best = code;
    }
  }
  return bestKm <= MAX_DISTANCE_KM ? best : null;
}

/** Great-circle distance (haversine). */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(a));
}
