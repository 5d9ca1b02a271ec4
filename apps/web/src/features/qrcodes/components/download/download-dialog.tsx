import {
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IMAGE_FORMATS, IMAGE_OPTIONS, type ImageFormat } from '@qrqr/shared/qr-constants';
import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { Suspense, useMemo, useState } from 'react';
import { NumberField } from '../../../../components/number-field';
import { fieldErrorText } from '../../../../lib/form-errors';
import { lazyWithTimeout } from '../../../../lib/lazy-with-timeout';
import { useSession } from '../../../../lib/session';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { useTranslation } from '../../../../lib/use-translation';
import { contentText } from '../code-labels';
import { useDesignLogo } from '../design/use-design-logo';
import { QrImage, renderCodeSvg, svgPixelSize } from '../qr-image';
import classes from './download-dialog.module.css';
import {
  checkOptions,
  DEFAULT_DOWNLOAD_OPTIONS,
  type DownloadOptions,
  FORMAT_CHOICES,
} from './download-options';
import { SizingFigures } from './sizing-figures';

interface DownloadDialogProps {
  /** The code to download; null keeps the dialog closed. */
  code: QrCodeDto | null;
  onClose: () => void;
  /** The code after its design was saved (the opener's copy shows it too). */
  onChange?: (code: QrCodeDto) => void;
}

// Loaded when the design section is first opened: a plain download never fetches it.
const DesignPanel = lazyWithTimeout(() => import('../design/design-panel'));

/**
 * Format, cell size, margin and DPI (EPS only), with the preview and the printed size. The
 * download itself is a plain navigation to /qrcode/download/, never a fetch.
 */
export function DownloadDialog({ code, onClose, onChange }: DownloadDialogProps) {
  const { t } = useTranslation('qrcode');
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={code ? <DialogTitle code={code} /> : t('download.title')}
      size="xl"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {/* Keyed so each code opens with the default options. */}
      {code ? <DialogBody key={code.id} code={code} onClose={onClose} onChange={onChange} /> : null}
    </Modal>
  );
}

/** 「QRコードのダウンロード」 and which code: its title, or what it holds when it has none. */
function DialogTitle({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  return (
    <Stack gap={2} component="span">
      <Text component="span" fw={700} fz="lg">
        {t('download.title')}
      </Text>
      <Text
        component="span"
        fz="sm"
        c={code.title ? undefined : 'dimmed'}
        lineClamp={2}
        style={{ wordBreak: 'break-all' }}
        data-testid="download-code-title"
      >
        {code.title || contentText(code)}
      </Text>
    </Stack>
  );
}

/** Two sections: the download's options, and the code's design (colours, shapes, logo, frame). */
function DialogBody({ code, onClose, onChange }: Omit<DownloadDialogProps, 'code'> & { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  const { params } = useSession();
  const [section, setSection] = useState<'download' | 'design'>('download');
  const [current, setCurrent] = useState(code);
  return (
    <Stack gap="md">
      {current.is_owner ? (
        <SegmentedControl
          fullWidth
          value={section}
          onChange={(v) => setSection(v as 'download' | 'design')}
          data={[
            { value: 'download', label: t('design.tab_download') },
            { value: 'design', label: t('design.tab_design') },
          ]}
          data-testid="dialog-section"
        />
      ) : null}
      {section === 'design' ? (
        <Suspense fallback={<Loader size="sm" mx="auto" />}>
          <DesignPanel
            code={current}
            isGuest={params.isGuest}
            onSaved={(saved: QrCodeDto) => {
              setCurrent(saved);
              onChange?.(saved);
              setSection('download');
            }}
          />
        </Suspense>
      ) : (
        <DownloadBody code={current} isGuest={params.isGuest} onClose={onClose} />
      )}
    </Stack>
  );
}

function DownloadBody({
  code,
  isGuest,
  onClose,
}: {
  code: QrCodeDto;
  isGuest: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('qrcode');
  const logo = useDesignLogo(code.design, isGuest);
  const [options, setOptions] = useState<DownloadOptions>(DEFAULT_DOWNLOAD_OPTIONS);
  const checked = checkOptions(code.id, options, Boolean(code.design));
  const isEps = options.type === IMAGE_FORMATS.eps;
  const { cellSize, margin } = checked;
  // Measured on the image the server will draw (the same renderer), so a Wi-Fi frame counts.
  const image = useMemo(() => {
    if (cellSize === null || margin === null) return null;
    const svg = renderCodeSvg(code, cellSize, margin);
    return svg ? svgPixelSize(svg) : null;
  }, [code, cellSize, margin]);
  // The preview draws the chosen margin; while that box is out of range, the default one.
  const previewMargin = margin ?? IMAGE_OPTIONS.defaultMargin;
  const set = (patch: Partial<DownloadOptions>) => setOptions((current) => ({ ...current, ...patch }));

  return (
    <Stack gap="lg" data-testid="download-dialog">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack gap="sm" align="center">
          <QrImage
            bordered
            code={code}
            logo={logo}
            width={200}
            margin={previewMargin}
            alt={t('download.preview_alt', { content: contentText(code) })}
            testId="download-preview"
          />
          <Text size="xs" c="dimmed" ta="center">
            {t('download.preview_note', {
              cell: IMAGE_OPTIONS.previewCellSize,
              margin: previewMargin,
            })}
          </Text>
        </Stack>
        <Stack gap="sm">
          <NativeSelect
            label={t('download.format')}
            data={FORMAT_CHOICES.map((f) => ({ value: String(f.value), label: f.label }))}
            value={String(options.type)}
            onChange={(event) => set({ type: Number(event.currentTarget.value) as ImageFormat })}
            data-testid="download-format"
          />
          <NumberField
            label={t('download.cell_size')}
            description={t('download.cell_size_help', {
              min: code.design ? DESIGN_LIMITS.minCellSize : IMAGE_OPTIONS.minCellSize,
              max: IMAGE_OPTIONS.maxCellSize,
            })}
            value={options.cellSize}
            onChange={(value) => set({ cellSize: value })}
            error={fieldErrorText(t, checked.errors.op_size)}
            data-testid="download-cell-size"
          />
          <NumberField
            label={t('download.margin')}
            description={t('download.margin_help', {
              min: IMAGE_OPTIONS.minMargin,
              max: IMAGE_OPTIONS.maxMargin,
            })}
            value={options.margin}
            onChange={(value) => set({ margin: value })}
            error={fieldErrorText(t, checked.errors.op_margin)}
            data-testid="download-margin"
          />
          <NumberField
            label={t('download.dpi')}
            description={isEps ? t('download.dpi_help') : t('download.dpi_eps_only')}
            disabled={!isEps}
            value={options.dpi}
            onChange={(value) => set({ dpi: value })}
            error={fieldErrorText(t, checked.errors.op_dpi)}
            data-testid="download-dpi"
          />
        </Stack>
      </SimpleGrid>
      <SizingFigures
        version={code.version}
        cellSize={cellSize}
        margin={margin}
        dpi={checked.dpi}
        image={image}
      />
      <Group justify="flex-end" gap="sm" className={classes.actions}>
        <Button variant="default" onClick={onClose}>
          {t('common:close')}
        </Button>
        {checked.href ? (
          <Button component="a" href={checked.href} download data-testid="download-link">
            {t('download.submit')}
          </Button>
        ) : (
          <Button disabled data-testid="download-link">
            {t('download.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
