import {
  Button,
  Group,
  InputBase,
  Modal,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import {
  formatPickerValue,
  fromTokyoParts,
  PICKER_FIRST_DAY_OF_WEEK,
  PICKER_HOURS,
  PICKER_MINUTES,
  pickerDay,
  pickerDefault,
  tokyoParts,
} from '@qrqr/shared/date-picker';
import { type ReactNode, useId, useState } from 'react';
import { useIsMobile } from '../lib/use-is-mobile';
import { useTranslation } from '../lib/use-translation';
import classes from './date-picker.module.css';
import { LocalizedDates, useCalendarLook } from './localized-dates';

/**
 * A day and a time, as Unix seconds in Asia/Tokyo on 10-minute marks: the
 * message send date, the welcome message's end, a Wi-Fi profile's release. Four views: years,
 * months and days (the calendar's levels, weeks from Monday, Japanese month and weekday names in
 * Japanese), then the time (hours 0–23, minutes 0–50 in steps of 10). Rules: `@qrqr/shared`
 * date-picker.ts. On a phone it opens as a dialog that fits 375 px. Every pick counts at once (a
 * day with the time shown, then an hour or a minute): 「決定」 only closes, and closing otherwise
 * keeps what was picked, so a choice is never lost below the fold.
 */
export interface DatePickerFieldProps {
  label: string;
  /** Unix seconds, or null for none yet (the picker then opens on now rounded up). */
  value: number | null;
  onChange: (unixSeconds: number) => void;
  /** An end date: with no value it opens 10 minutes after the next mark. */
  end?: boolean;
  /** The earliest day that can be picked (Unix seconds; its day counts). An end date: today. */
  min?: number;
  error?: string | null;
  description?: ReactNode;
  disabled?: boolean;
  testId: string;
}

type View = 'date' | 'time';

export function DatePickerField({
  label,
  value,
  onChange,
  end = false,
  min,
  error,
  description,
  disabled = false,
  testId,
}: DatePickerFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ja';
  const isMobile = useIsMobile();
  const calendarLook = useCalendarLook();
  const id = useId();
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<View>('date');
  const [draft, setDraft] = useState(() => pickerDefault(value, { end }));

  const open = () => {
    setDraft(pickerDefault(value, { end }));
    setView('date');
    setOpened(true);
  };
  const close = () => setOpened(false);
  const parts = tokyoParts(draft);
  const setParts = (change: Partial<typeof parts>) => {
    const picked = fromTokyoParts({ ...parts, ...change });
    setDraft(picked);
    onChange(picked);
  };
  // An end date in the past ends nothing: those days are greyed.
  const earliest = min ?? (end ? Math.floor(Date.now() / 1000) : undefined);

  const dateView = (
    <LocalizedDates>
      <DatePicker
        value={pickerDay(draft)}
        onChange={(day) => {
          if (!day) return;
          const [y, m, d] = day.split('-').map(Number);
          setParts({ year: y ?? parts.year, month: m ?? parts.month, day: d ?? parts.day });
          setView('time');
        }}
        defaultDate={pickerDay(draft)}
        firstDayOfWeek={PICKER_FIRST_DAY_OF_WEEK}
        minDate={earliest === undefined ? undefined : pickerDay(earliest)}
        {...calendarLook}
        data-testid={`${testId}-calendar`}
      />
      <Group justify="space-between" mt="xs">
        <Text size="sm">{formatPickerValue(draft, locale)}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setView('time')}
          data-testid={`${testId}-to-time`}
        >
          {t('date_picker.time')}
        </Button>
      </Group>
    </LocalizedDates>
  );

  const timeView = (
    <Stack gap="xs" data-testid={`${testId}-time`}>
      <Text fw={700}>{pickerDay(draft)}</Text>
      <Text size="sm" id={`${id}-hours`}>
        {t('date_picker.hour')}
      </Text>
      <SimpleGrid cols={6} spacing={4} role="group" aria-labelledby={`${id}-hours`}>
        {PICKER_HOURS.map((h) => (
          <UnstyledButton
            key={h}
            className={classes.cell}
            data-selected={parts.hour === h || undefined}
            aria-pressed={parts.hour === h}
            onClick={() => setParts({ hour: h })}
          >
            {String(h).padStart(2, '0')}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="sm" id={`${id}-minutes`}>
        {t('date_picker.minute')}
      </Text>
      <SimpleGrid cols={6} spacing={4} role="group" aria-labelledby={`${id}-minutes`}>
        {PICKER_MINUTES.map((m) => (
          <UnstyledButton
            key={m}
            className={classes.cell}
            data-selected={parts.minute === m || undefined}
            aria-pressed={parts.minute === m}
            onClick={() => setParts({ minute: m })}
          >
            {String(m).padStart(2, '0')}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="sm" aria-live="polite">
        {formatPickerValue(draft, locale)}
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setView('date')}>
          {t('date_picker.back_to_date')}
        </Button>
        <Button
          onClick={() => {
            onChange(draft);
            close();
          }}
          data-testid={`${testId}-ok`}
        >
          {t('date_picker.set')}
        </Button>
      </Group>
    </Stack>
  );

  // data-dates-dropdown: the calendar's weekend colours of global.css apply inside.
  const body = <div data-dates-dropdown>{view === 'date' ? dateView : timeView}</div>;
  const field = (
    <InputBase
      component="button"
      type="button"
      id={id}
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      onClick={opened ? close : open}
      aria-haspopup="dialog"
      aria-expanded={opened}
      data-testid={testId}
    >
      {value === null ? (
        <Text span c="dimmed" size="sm">
          {t('date_picker.placeholder')}
        </Text>
      ) : (
        formatPickerValue(value, locale)
      )}
    </InputBase>
  );

  if (isMobile) {
    return (
      <>
        {field}
        <Modal
          opened={opened}
          onClose={close}
          title={label}
          centered
          size="auto"
          closeButtonProps={{ 'aria-label': t('close') }}
        >
          {body}
        </Modal>
      </>
    );
  }
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>{field}</Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label}>
        {body}
      </Popover.Dropdown>
    </Popover>
  );
}
