/** An http(s) URL, or null: only those get an "open" button. */
export function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A map link (no tile server of ours): the position when known, else the address. */
export function mapUrl(place: {
  latitude: number | null;
  longitude: number | null;
  address: string;
}): string | null {
  if (place.latitude !== null && place.longitude !== null)
    return `https://www.google.com/maps/search/?api=1&query=${place.latitude},${place.longitude}`;
  if (place.address.trim())
    return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place.address.trim())}`;
  return null;
}
