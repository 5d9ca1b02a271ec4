const STORAGE_KEY = 'qrqr-scroll-positions';

export interface ScrollPositions {
  save(key: string): void;
  get(key: string): number | undefined;
}

/**
 * Where each history entry was scrolled to when the app left it, so back and forward (and a
 * reload, through sessionStorage) land where the visitor was.
 */
export function scrollPositions(currentKey: () => string): ScrollPositions {
  const positions = readStored();
  window.addEventListener('pagehide', () => {
    positions[currentKey()] = window.scrollY;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    } catch {
      // Storage full or off: positions are only a comfort.
    }
  });
  return {
    save: (key) => {
      positions[key] = window.scrollY;
    },
    get: (key) => positions[key],
  };
}

function readStored(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}
