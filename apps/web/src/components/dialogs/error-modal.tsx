import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ErrorModalApi {
  /** Opens the generic error modal; without `text` it shows the default 'エラーが発生しました' (§8). */
  showError: (text?: string, cause?: unknown) => void;
}

const ErrorModalContext = createContext<ErrorModalApi | null>(null);

export function ErrorModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<{ opened: boolean; text?: string }>({ opened: false });

  const showError = useCallback((text?: string, cause?: unknown) => {
    // §8: failures are also logged to the console for support.
    console.error('[qrqr]', text ?? 'error', cause ?? '');
    setState({ opened: true, text });
  }, []);
  const api = useMemo(() => ({ showError }), [showError]);
  const close = () => setState((s) => ({ ...s, opened: false }));

  return (
    <ErrorModalContext.Provider value={api}>
      {children}
      <Modal
        opened={state.opened}
        onClose={close}
        title={t('messages:errors.generic')}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Text>{state.text ?? t('messages:errors.generic_detail')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={close} data-autofocus>
            {t('close')}
          </Button>
        </Group>
      </Modal>
    </ErrorModalContext.Provider>
  );
}

export function useErrorModal(): ErrorModalApi {
  const api = useContext(ErrorModalContext);
  if (!api) throw new Error('useErrorModal must be used inside ErrorModalProvider');
  return api;
}
