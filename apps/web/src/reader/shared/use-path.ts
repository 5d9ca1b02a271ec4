import { useEffect, useState } from 'preact/hooks';

const NAVIGATED = 'qrqr:navigate';

/**
 * Moves to another page of the reader without loading it again (the scan's answer already holds
 * what that page shows): a history entry, so Back returns to the reader.
 */
export function navigateTo(path: string): void {
  history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The page's path, kept current through navigateTo and Back/Forward. */
export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const on = () => setPath(location.pathname);
    window.addEventListener('popstate', on);
    window.addEventListener(NAVIGATED, on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener(NAVIGATED, on);
    };
  }, []);
  return path;
}
