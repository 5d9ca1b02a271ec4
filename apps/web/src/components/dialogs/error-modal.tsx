import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { lazyDialog } from './lazy-dialog';

// Loaded with the first error, not with every page.
const ErrorDialog = lazyDialog(
  () => import('./error-dialog').then((m) => m.ErrorDialog),
  (props) => props.opened,
);

interface ErrorModalApi {
  /** Opens the generic error modal; without `text` it shows the default 'エラーが発生しました'. */
  showError: (text?: string, cause?: unknown) => void;
}

const ErrorModalContext = createContext<ErrorModalApi | null>(null);

export function ErrorModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; text?: string }>({ opened: false });

  const showError = useCallback((text?: string, cause?: unknown) => {
    // Failures are also logged to the console for support.
    console.error('[qrqr]', text ?? 'error', cause ?? '');
    setState({ opened: true, text });
  }, []);
  const api = useMemo(() => ({ showError }), [showError]);
  const close = () => setState((s) => ({ ...s, opened: false }));

  return (
    <ErrorModalContext.Provider value={api}>
      {children}
      <ErrorDialog opened={state.opened} text={state.text} onClose={close} />
    </ErrorModalContext.Provider>
  );
}

export function useErrorModal(): ErrorModalApi {
  const api = useContext(ErrorModalContext);
  if (!api) throw new Error('useErrorModal must be used inside ErrorModalProvider');
  return api;
}
