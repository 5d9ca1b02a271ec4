import { ColorInput } from '@mantine/core';
import { WIFI_PALETTES } from '@qrqr/shared';

/**
 * A colour from the palettes (5 common and 5 of the field's own kind, §9) or any colour.
 */
export function ColourField(props: {
  label: string;
  kind: 'text' | 'background';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
}) {
  return (
    <ColorInput
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(v.toLowerCase())}
      format="hex"
      swatches={[...WIFI_PALETTES.common, ...WIFI_PALETTES[props.kind]]}
      swatchesPerRow={5}
      error={props.error}
      data-testid={props.testId}
    />
  );
}
