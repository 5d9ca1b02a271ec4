import { Button } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';

/** Smartphone view and PC view on a phone; the smartphone view drops view_mode from the URL. */
export function ViewModeToggle() {
  const { t } = useTranslation('channels');
  const { phoneDevice, query, setViewModePc } = useChannelArea();
  if (!phoneDevice) return null;
  const modes = [
    { pc: false, label: t('view_mode.sp'), testId: 'view-mode-sp' },
    { pc: true, label: t('view_mode.pc'), testId: 'view-mode-pc' },
  ];
  return (
    <Button.Group aria-label={t('view_mode.label')}>
      {modes.map((mode) => (
        <Button
          key={mode.testId}
          size="compact-sm"
          variant={query.viewModePc === mode.pc ? 'filled' : 'default'}
          aria-pressed={query.viewModePc === mode.pc}
          onClick={() => setViewModePc(mode.pc)}
          data-testid={mode.testId}
        >
          {mode.label}
        </Button>
      ))}
    </Button.Group>
  );
}
