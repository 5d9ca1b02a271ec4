import { Checkbox, ColorInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DEFAULT_DESIGN,
  type DesignProblem,
  EYE_SHAPES,
  MODULE_SHAPES,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import { useTranslation } from '../../../../lib/use-translation';

interface DesignFieldsProps {
  design: QrDesign;
  problems: DesignProblem[];
  onChange: (patch: Partial<QrDesign>) => void;
}

const SWATCHES = [
  '#000000',
  '#1f3a93',
  '#9c2a4a',
  '#2f5233',
  '#4b2e1e',
  '#e60012',
  '#ffffff',
  '#fff5f7',
  '#f4f8ec',
  '#f7efe3',
];

/** Colours and shapes: each refusal (inverted, low contrast) right under the colour it is about. */
export function DesignFields({ design, problems, onChange }: DesignFieldsProps) {
  const { t } = useTranslation('qrdesign');
  const problemOf = (field: DesignProblem['field']) => {
    const p = problems.find((x) => x.field === field);
    return p ? t(`messages:validation.${p.key}`) : undefined;
  };
  const colour = (
    label: string,
    value: string,
    set: (v: string) => void,
    error?: string,
    testId?: string,
  ) => (
    <ColorInput
      label={label}
      value={value}
      onChange={set}
      format="hex"
      swatches={SWATCHES}
      error={error}
      data-testid={testId}
      withEyeDropper={false}
      popoverProps={{ withinPortal: true }}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {colour(t('design.fg'), design.fg, (fg) => onChange({ fg }), problemOf('fg'), 'design-fg')}
        {colour(t('design.bg'), design.bg, (bg) => onChange({ bg }), undefined, 'design-bg')}
      </SimpleGrid>
      <Checkbox
        label={t('design.eye_own')}
        checked={design.eye_color !== null}
        onChange={(e) => onChange({ eye_color: e.currentTarget.checked ? design.fg : null })}
        data-testid="design-eye-own"
      />
      {design.eye_color !== null
        ? colour(
            t('design.eye_color'),
            design.eye_color,
            (eye_color) => onChange({ eye_color }),
            problemOf('eye_color'),
            'design-eye-color',
          )
        : null}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('design.module_shape')}
        </Text>
        <SegmentedControl
          fullWidth
          value={design.module_shape}
          onChange={(v) => onChange({ module_shape: v as QrDesign['module_shape'] })}
          data={MODULE_SHAPES.map((s) => ({ value: s, label: t(`design.shape_${s}`) }))}
          data-testid="design-module-shape"
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('design.eye_shape')}
        </Text>
        <SegmentedControl
          fullWidth
          value={design.eye_shape}
          onChange={(v) => onChange({ eye_shape: v as QrDesign['eye_shape'] })}
          data={EYE_SHAPES.map((s) => ({ value: s, label: t(`design.eye_${s}`) }))}
          data-testid="design-eye-shape"
        />
      </Stack>
    </Stack>
  );
}

export const startingDesign = (design: QrDesign | null | undefined): QrDesign => design ?? DEFAULT_DESIGN;
