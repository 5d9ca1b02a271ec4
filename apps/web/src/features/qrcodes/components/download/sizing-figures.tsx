import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMAGE_OPTIONS, qrSizing } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';

interface SizingFiguresProps {
  version: number;
  cellSize: number;
  margin: number;
  dpi: number;
  /** Pixel size of the rendered image, when known: a Wi-Fi code's frame adds to the code's size. */
  image?: { width: number; height: number } | null;
}

/** §3 image options: version, cells, code region and one cell in mm at the DPI, image pixels. */
export function SizingFigures(props: SizingFiguresProps) {
  const { t } = useTranslation('qrcode');
  const s = qrSizing(props);
  const mm = (value: number) => value.toFixed(2);
  const image = props.image ?? { width: s.imagePixels, height: s.imagePixels };
  const toMm = (px: number) => mm((px / props.dpi) * IMAGE_OPTIONS.mmPerInch);
  const figures: Array<[string, string, string]> = [
    ['version', t('download.version'), String(s.version)],
    ['cells', t('download.cells'), t('download.cells_value', { n: s.cells })],
    ['image-px', t('download.image_px'), t('download.px_rect', { w: image.width, h: image.height })],
    ['code-region', t('download.code_region'), t('download.mm_square', { mm: mm(s.codeRegionMm) })],
    ['cell-mm', t('download.cell_mm'), t('download.mm', { mm: mm(s.cellMm) })],
    [
      'image-mm',
      t('download.image_mm'),
      t('download.mm_rect', { w: toMm(image.width), h: toMm(image.height) }),
    ],
  ];
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
        <Text size="xs" c="dimmed">
          {t('download.dpi_note', { dpi: props.dpi })}
        </Text>
      </Stack>
    </Paper>
  );
}
