import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeQr } from '@qrqr/qr';
import { renderPng } from '@qrqr/qr/node';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/** One of our codes as the PNG our server would render (4 cells of quiet zone). */
export function codePng(payload: string, cellSize = 8): Promise<Buffer> {
  return renderPng(encodeQr(payload), { cellSize, margin: 4 });
}

/**
 * A .y4m video (YUV 4:2:0) showing the code in the middle of a white frame, for Chromium's
 * `--use-file-for-fake-video-capture`, which plays it in a loop as the camera. Returns the file.
 */
export async function fakeCameraFile(payload: string): Promise<string> {
  const side = 320;
  const code = await sharp(await codePng(payload))
    .resize(side, side, { kernel: 'nearest' })
    .toBuffer();
  const { data } = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: code, left: (WIDTH - side) / 2, top: (HEIGHT - side) / 2 }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Full-range luma (the header says 420jpeg); a black-and-white picture has no colour, so both
  // chroma planes are the neutral 128.
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    luma[i] = Math.round(
      0.299 * (data[i * 3] ?? 0) + 0.587 * (data[i * 3 + 1] ?? 0) + 0.114 * (data[i * 3 + 2] ?? 0),
    );
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-camera-')), 'code.y4m');
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}

/** Chromium flags that make `file` the camera and accept the permission prompt. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
