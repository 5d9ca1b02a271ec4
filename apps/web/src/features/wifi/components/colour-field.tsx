import { ColorInput, Group, UnstyledButton } from '@mantine/core';
import { WIFI_PALETTES } from '@qrqr/shared/wifi-constants';
import { useTranslation } from '../../../lib/use-translation';

/**
 * A colour from the palettes (5 common and 5 of the field's own kind), as buttons named by
 * their colour, or any colour typed as #rrggbb.
 */
export function ColourField(props: {
  label: string;
  kind: 'text' | 'background';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
}) {
  const { t } = useTranslation('wifi');
  const swatch = (colour: string) => (
    <UnstyledButton
      key={colour}
      aria-label={t('create.palette_colour', { colour })}
      aria-pressed={props.value === colour}
      onClick={() => props.onChange(colour)}
      style={{
        width: 28,
        height: 28,
        borderRadius: 6,
        background: colour,
        border: props.value === colour ? '3px solid #1f4e79' : '1px solid #57606a',
      }}
    />
  );
  return (
    <div>
      <ColorInput
        label={props.label}
        value={props.value}
        onChange={(v) => props.onChange(v.toLowerCase())}
        format="hex"
        withPicker={false}
        withEyeDropper={false}
        error={props.error}
        data-testid={props.testId}
      />
      <Group gap={6} mt={6} role="group" aria-label={t('create.palette', { field: props.label })}>
        {[...WIFI_PALETTES.common, ...WIFI_PALETTES[props.kind]].map(swatch)}
      </Group>
    </div>
  );
}
