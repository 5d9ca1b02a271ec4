import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMAGE_OPTIONS } from '@qrqr/shared/qr-constants';
import { qrSizing } from '@qrqr/shared/qr-sizing';
import { useTranslation } from '../../../../lib/use-translation';

interface SizingFiguresProps {
  version: number;
  /** Null while the box is out of range: every figure it drives shows a dash. */
  cellSize: number | null;
  margin: number | null;
  dpi: number | null;
  /** Pixel size of the rendered image, when known: a Wi-Fi code's frame adds to the code's size. */
  image?: { width: number; height: number } | null;
}

/** The image options' figures: version, cells, code region and one cell in mm at the DPI, image pixels. */
export function SizingFigures(props: SizingFiguresProps) {
  const { t } = useTranslation('qrcode');
  const { cellSize, margin, dpi } = props;
  const s = qrSizing({
    version: props.version,
    cellSize: cellSize ?? IMAGE_OPTIONS.defaultCellSize,
    margin: margin ?? IMAGE_OPTIONS.defaultMargin,
    dpi: dpi ?? IMAGE_OPTIONS.defaultDpi,
  });
  const mm = (value: number) => value.toFixed(2);
  const image = props.image ?? { width: s.imagePixels, height: s.imagePixels };
  const toMm = (px: number) => mm((px / (dpi ?? 1)) * IMAGE_OPTIONS.mmPerInch);
  const dash = t('download.figure_unknown');
  const pixelsKnown = cellSize !== null && margin !== null;
  const cellMmKnown = cellSize !== null && dpi !== null;
  const figures: Array<[string, string, string]> = [
    ['version', t('download.version'), String(s.version)],
    ['cells', t('download.cells'), t('download.cells_value', { n: s.cells })],
    [
      'image-px',
      t('download.image_px'),
      pixelsKnown ? t('download.px_rect', { w: image.width, h: image.height }) : dash,
    ],
    [
      'code-region',
      t('download.code_region'),
      cellMmKnown ? t('download.mm_square', { mm: mm(s.codeRegionMm) }) : dash,
    ],
    ['cell-mm', t('download.cell_mm'), cellMmKnown ? t('download.mm', { mm: mm(s.cellMm) }) : dash],
    [
      'image-mm',
      t('download.image_mm'),
      pixelsKnown && dpi !== null
        ? t('download.mm_rect', { w: toMm(image.width), h: toMm(image.height) })
        : dash,
    ],
  ];
  const allKnown = pixelsKnown && dpi !== null;
  return (
    <Paper bg="gray.0" radius="md" p="md" data-testid="sizing">
      <Stack gap="sm">
        <Title order={3} fz="sm">
          {t('download.figures_title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          {figures.map(([id, label, value]) => (
            <div key={id}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={700} size="sm" data-testid={`sizing-${id}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" data-testid="sizing-note">
          {allKnown ? t('download.dpi_note', { dpi }) : t('download.figures_invalid')}
        </Text>
      </Stack>
    </Paper>
  );
}
