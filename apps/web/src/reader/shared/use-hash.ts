import { useEffect, useState } from 'preact/hooks';

/** The page's hash, kept current (an opened message lives there, so Back closes it). */
export function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}
