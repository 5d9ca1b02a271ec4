import { Loader, Overlay, Portal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';

/** Full-screen "処理中..." cover for actions that must not be interrupted (sign-out). */
export function BusyOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation('common');
  if (!visible) return null;
  return (
    <Portal>
      <Overlay fixed color="#fff" backgroundOpacity={0.8} zIndex={1000} center>
        <Stack align="center" gap="sm" role="status" aria-live="polite" data-testid="busy-overlay">
          <Loader />
          <Text fw={600}>{t('processing')}</Text>
        </Stack>
      </Overlay>
    </Portal>
  );
}
