import { Box } from '@mantine/core';
import { encodeQr, renderSvg } from '@qrqr/qr';
import { IMAGE_OPTIONS, QR_TYPES } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useMemo } from 'react';

interface QrImageProps {
  code: Drawable;
  /** Displayed width in CSS pixels; the image scales without blurring (it is an SVG). */
  width: number;
  alt: string;
  testId?: string;
  /** A hairline edge, so the white quiet zone of a small thumbnail stands out from a white card. */
  bordered?: boolean;
  /** Quiet-zone cells; the download preview passes the margin the user chose. */
  margin?: number;
}

type Drawable = Pick<QrCodeDto, 'payload' | 'type' | 'wifi' | 'url'>;

/**
 * The code as the downloads draw it: the same renderer as the server's images, framed for Wi-Fi
 * codes. Null for a payload the encoder refuses (it never reached the server).
 */
export function renderCodeSvg(code: Drawable, cellSize: number, margin: number): string | null {
  try {
    const frame = code.type === QR_TYPES.wifi ? { ssid: code.wifi?.ssid ?? code.url } : undefined;
    return renderSvg(encodeQr(code.payload), { cellSize, margin, frame });
  } catch {
    return null;
  }
}

/** Pixel width and height of a rendered image (the frame of a Wi-Fi code makes it taller). */
export function svgPixelSize(svg: string): { width: number; height: number } | null {
  const width = /<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1];
  const height = /<svg[^>]*\sheight="([\d.]+)"/.exec(svg)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : null;
}

/**
 * The preview, drawn with the preview cell size (10) and margin (4). A data: URL because the
 * Content-Security-Policy allows data: images but no inline markup tricks.
 */
export function QrImage({
  code,
  width,
  alt,
  testId,
  bordered = false,
  margin = IMAGE_OPTIONS.defaultMargin,
}: QrImageProps) {
  const src = useMemo(() => {
    const svg = renderCodeSvg(
      { payload: code.payload, type: code.type, wifi: code.wifi, url: code.url },
      IMAGE_OPTIONS.previewCellSize,
      margin,
    );
    return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  }, [code.payload, code.type, code.wifi, code.url, margin]);

  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      w={width}
      maw="100%"
      h="auto"
      data-testid={testId}
      style={{
        display: 'block',
        imageRendering: 'pixelated',
        border: bordered ? '1px solid var(--mantine-color-gray-3)' : undefined,
      }}
    />
  );
}
