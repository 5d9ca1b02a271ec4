import { Box } from '@mantine/core';
import { encodeFor, hasCtaFont, type LogoImage, loadCtaFont, renderSvg } from '@qrqr/qr';
import { IMAGE_OPTIONS, QR_TYPES } from '@qrqr/shared/qr-constants';
import type { QrDesign } from '@qrqr/shared/qr-design-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useEffect, useMemo, useState } from 'react';

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
  /** The logo the design names, as a data: URL (an SVG drawn as an image loads nothing else). */
  logo?: LogoImage;
}

type Drawable = Pick<QrCodeDto, 'payload' | 'type' | 'wifi' | 'url'> & { design?: QrDesign | null };

/**
 * The code as the downloads draw it: the same renderer as the server's images, framed for Wi-Fi
 * codes. Null for a payload the encoder refuses (it never reached the server).
 */
export function renderCodeSvg(
  code: Drawable,
  cellSize: number,
  margin: number,
  logo?: LogoImage,
): string | null {
  try {
    const frame = code.type === QR_TYPES.wifi ? { ssid: code.wifi?.ssid ?? code.url } : undefined;
    const design = code.design ?? undefined;
    return renderSvg(encodeFor(code.payload, design), { cellSize, margin, frame, design, logoImage: logo });
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

/** True once the outlines of the calls to action are loaded, when `needed`. */
export function useCtaFont(needed: boolean): boolean {
  const [ready, setReady] = useState(hasCtaFont);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    loadCtaFont().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready || !needed;
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
  logo,
}: QrImageProps) {
  const fontReady = useCtaFont(Boolean(code.design?.cta));
  const src = useMemo(() => {
    if (!fontReady) return null;
    const svg = renderCodeSvg(
      { payload: code.payload, type: code.type, wifi: code.wifi, url: code.url, design: code.design },
      IMAGE_OPTIONS.previewCellSize,
      margin,
      logo,
    );
    return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  }, [code.payload, code.type, code.wifi, code.url, code.design, margin, logo, fontReady]);

  // A frame's call to action is drawn once its outlines are here (a moment, the first time).
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
        // A plain code scales as crisp squares; a designed one has curves, which smoothing keeps round.
        imageRendering: code.design ? undefined : 'pixelated',
        border: bordered ? '1px solid var(--mantine-color-gray-3)' : undefined,
      }}
    />
  );
}
