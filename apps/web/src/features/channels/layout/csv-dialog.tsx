import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDates } from '../../../components/localized-dates';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { emitCsvDownload } from './channel-events';
import { defaultRange, isRangeInvalid, rangeSeconds } from './csv-range';

interface CsvDownloadDialogProps {
  opened: boolean;
  channelId: number;
  onClose: () => void;
}

/**
 * §4 CSV dialog: start and end dates; an end before the start shows the message and dims the
 * button, whose click is still emitted (`csv_download`) for the analytics screens to act on.
 */
export function CsvDownloadDialog({ opened, channelId, onClose }: CsvDownloadDialogProps) {
  const { t } = useTranslation('channels');
  const [range, setRange] = useState(defaultRange);
  const invalid = isRangeInvalid(range.start, range.end);
  const errorId = useId();

  const download = () => {
    const listened = emitCsvDownload({ channelId, invalid, ...rangeSeconds(range.start, range.end) });
    if (invalid) return;
    onClose();
    if (!listened) void notify({ message: t('csv.not_yet'), color: 'gray' });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('csv.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('csv.lead')}</Text>
        <Group grow align="flex-start" gap="sm">
          <CsvDate
            label={t('csv.start')}
            value={range.start}
            onChange={(start) => setRange((r) => ({ ...r, start }))}
            testId="csv-start"
          />
          <CsvDate
            label={t('csv.end')}
            value={range.end}
            onChange={(end) => setRange((r) => ({ ...r, end }))}
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
            // Dimmed, not disabled: §4 still emits the click.
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

interface CsvDateProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  testId: string;
}

function CsvDate({ label, value, onChange, invalid = false, describedBy, testId }: CsvDateProps) {
  const { t } = useTranslation('channels');
  const isMobile = useIsMobile();
  const id = useId();
  return (
    <LocalizedDates>
      <DatePickerInput
        id={id}
        popoverProps={{ id }}
        modalProps={{ title: label }}
        label={label}
        valueFormat="YYYY-MM-DD"
        value={value || null}
        onChange={(picked) => onChange(picked ?? '')}
        dropdownType={isMobile ? 'modal' : 'popover'}
        highlightToday
        hideOutsideDates
        monthLabelFormat={t('calendar.month')}
        yearLabelFormat={t('calendar.year')}
        getDayAriaLabel={(day) => dayjs(day).format(t('calendar.day'))}
        getDayProps={(day) => ({ 'data-saturday': dayjs(day).day() === 6 || undefined })}
        ariaLabels={{
          previousMonth: t('calendar.previous_month'),
          nextMonth: t('calendar.next_month'),
          previousYear: t('calendar.previous_year'),
          nextYear: t('calendar.next_year'),
          previousDecade: t('calendar.previous_decade'),
          nextDecade: t('calendar.next_decade'),
          monthLevelControl: t('calendar.pick_month'),
          yearLevelControl: t('calendar.pick_year'),
        }}
        error={invalid}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </LocalizedDates>
  );
}
