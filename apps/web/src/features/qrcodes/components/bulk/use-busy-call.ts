import { useCallback, useState } from 'react';

/**
 * One call at a time with its state: busy while it runs, its failure kept to be shown (cleared when
 * the next call starts or on `clear`).
 */
export function useBusyCall() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const run = useCallback(async (call: () => Promise<void>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await call();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setFailure(undefined), []);
  return { busy, failure, run, clear };
}
