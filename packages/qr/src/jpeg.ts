import sharp from 'sharp';

/**
 * JPEG from 8-bit grey pixels. Quality 92 with 4:4:4 (no chroma subsampling) keeps module edges
 * crisp; sharp writes it as an ordinary sRGB JPEG, the kind every print shop and phone reads.
 */
export function greyToJpeg(pixels: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
