import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { wifiPath } from '@qrqr/shared/paths';
import { useId, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { emitCsvDownload } from './channel-events';
import { defaultRange, isRangeInvalid, rangeSeconds } from './csv-range';

// Both days are always set (no clear button) and show as the CSV's own YYYY-MM-DD in every language.
const CSV_DAY_FORMAT = 'YYYY-MM-DD';

interface CsvDownloadDialogProps {
  opened: boolean;
  channelId: number;
  /**
   * Whose figures: the channel's (the click is emitted for the analytics screens), or, in the
   * Wi-Fi area, the member's Wi-Fi pages (a plain navigation to /qrwifi/analytics/csv/get/).
   */
  service?: 'channel' | 'wifi';
  onClose: () => void;
}

/**
 * The CSV dialog: start and end dates; an end before the start shows the message and dims the
 * button, whose click is still emitted (`csv_download`) for the analytics screens to act on.
 */
export function CsvDownloadDialog({
  opened,
  channelId,
  service = 'channel',
  onClose,
}: CsvDownloadDialogProps) {
  const { t } = useTranslation('channels');
  const [range, setRange] = useState(defaultRange);
  const invalid = isRangeInvalid(range.start, range.end);
  const errorId = useId();

  const download = () => {
    if (service === 'wifi') {
      if (invalid) return;
      const { start_date, end_date } = rangeSeconds(range.start, range.end);
      onClose();
      // The server answers with an attachment: the browser saves the file and stays on this screen.
      window.location.assign(wifiPath.csv(start_date, end_date));
      return;
    }
    const listened = emitCsvDownload({ channelId, invalid, ...rangeSeconds(range.start, range.end) });
    if (invalid) return;
    onClose();
    if (!listened) void notify({ message: t('csv.not_yet'), color: 'gray' });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(service === 'wifi' ? 'csv.wifi_title' : 'csv.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t(service === 'wifi' ? 'csv.wifi_lead' : 'csv.lead')}</Text>
        <Group grow align="flex-start" gap="sm">
          <DateField
            label={t('csv.start')}
            value={range.start}
            onChange={(start) => setRange((r) => ({ ...r, start }))}
            clearable={false}
            valueFormat={CSV_DAY_FORMAT}
            testId="csv-start"
          />
          <DateField
            label={t('csv.end')}
            value={range.end}
            onChange={(end) => setRange((r) => ({ ...r, end }))}
            clearable={false}
            valueFormat={CSV_DAY_FORMAT}
            invalid={invalid}
            describedBy={invalid ? errorId : undefined}
            testId="csv-end"
          />
        </Group>
        {invalid ? (
          <Text id={errorId} c="red.8" size="sm" role="alert" data-testid="csv-error">
            {t('csv.end_before_start')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button
            onClick={download}
            // Dimmed, not disabled: the click is still emitted.
            style={invalid ? { opacity: 0.45 } : undefined}
            aria-describedby={invalid ? errorId : undefined}
            data-dimmed={invalid || undefined}
            data-testid="csv-download"
          >
            {t('csv.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
