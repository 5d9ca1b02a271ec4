/** The visitor's choice to send a prefecture with each scan, kept on the device. */
const KEY = 'qrqr-reader-region';

export function regionConsent(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setRegionConsent(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/** A rough position for the prefecture, or undefined when unavailable or refused (never blocks long). */
export function currentPosition(): Promise<{ lat: number; lng: number } | undefined> {
  if (!navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve(undefined),
      { enableHighAccuracy: false, timeout: 4000, maximumAge: 10 * 60_000 },
    );
  });
}
