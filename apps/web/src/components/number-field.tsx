import { TextInput, type TextInputProps } from '@mantine/core';
import { halfWidthNumber } from '@qrqr/shared/number-text';
import type { ChangeEvent, CompositionEvent } from 'react';

export interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** A number, or the text typed while it is not one (empty, "12.", out of any form). */
  value: number | string;
  onChange: (value: number | string) => void;
}

/** The typed text read by the shared rule: a number when it is one written plainly, else the text. */
function read(text: string): number | string {
  const half = halfWidthNumber(text.trim());
  return half !== '' && String(Number(half)) === half ? Number(half) : half;
}

/**
 * A box for a number, typed with half- or full-width digits (`halfWidthNumber`, the rule the
 * server reads numbers with). It never clamps or rounds: a value out of range stays as typed so
 * the field's rule message can say what is wrong. While a Japanese IME composes, the text is kept
 * as is and read when the composition ends.
 */
export function NumberField({ value, onChange, inputMode = 'numeric', ...props }: NumberFieldProps) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    onChange((event.nativeEvent as InputEvent).isComposing ? text : read(text));
  };
  const composed = (event: CompositionEvent<HTMLInputElement>) => onChange(read(event.currentTarget.value));
  return (
    <TextInput
      {...props}
      inputMode={inputMode}
      autoComplete="off"
      value={typeof value === 'number' ? (Number.isNaN(value) ? '' : String(value)) : value}
      onChange={change}
      onCompositionEnd={composed}
    />
  );
}
