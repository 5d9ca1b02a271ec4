import sharp from 'sharp';
import type { GreyImage } from './grey';

// Renders are few and never repeat: libvips' operation cache would only hold memory, and one
// thread per job lets the server's render limit decide how many cores images take.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Up to this many pixels the encoder makes a second pass for optimal Huffman tables (a third
 * smaller file). That pass keeps every coefficient of the image in memory (~4 bytes a pixel), so
 * larger images are written in one streaming pass instead: 9250² px took 440 MB the other way.
 */
const OPTIMISE_MAX_PIXELS = 4_000_000;

/**
 * JPEG from 8-bit grey pixels scaled up `scale` times (nearest neighbour, so modules stay exact),
 * written as a one-channel (greyscale) JFIF: every phone, browser and print shop reads it, and it
 * is a third of the size of an sRGB copy and over twice as fast to encode. Quality 92 keeps module
 * edges crisp. libvips scales and encodes off the main thread, strip by strip.
 */
export function greyToJpeg(img: GreyImage, scale = 1): Promise<Buffer> {
  const width = img.width * scale;
  const height = img.height * scale;
  let pipeline = sharp(img.pixels, { raw: { width: img.width, height: img.height, channels: 1 } });
  if (scale > 1) pipeline = pipeline.resize(width, height, { kernel: 'nearest' });
  return pipeline
    .toColourspace('b-w')
    .jpeg({ quality: 92, optimiseCoding: width * height <= OPTIMISE_MAX_PIXELS })
    .toBuffer();
}

/** JPEG from 8-bit RGB pixels (a designed code in colour), sRGB, the same quality and passes. */
export function rgbToJpeg(img: GreyImage): Promise<Buffer> {
  return sharp(img.pixels, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality: 92, optimiseCoding: img.width * img.height <= OPTIMISE_MAX_PIXELS })
    .toBuffer();
}
