// Our own copy of the decoder, emitted into the build by Vite (alias in vite.reader.config.ts):
// the ponyfill would otherwise fetch it from a CDN.
import wasmUrl from 'reader-zxing-wasm?url';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';

/**
 * Decoding QR codes in the browser with the barcode-detector ponyfill (ZXing in WebAssembly).
 * Loaded only when the visitor scans, so the reader's first paint does not carry the decoder.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL(wasmUrl, location.href).href : prefix + path,
  },
  fireImmediately: false,
});

let detector: BarcodeDetector | undefined;
const getDetector = () => {
  detector ??= new BarcodeDetector({ formats: ['qr_code'] });
  return detector;
};

/** The text of the first QR code in an image, or null when it holds none. */
export async function decodeImage(source: ImageBitmapSource): Promise<string | null> {
  const found = await getDetector().detect(source);
  return found.find((b) => b.rawValue)?.rawValue ?? null;
}

/**
 * Reads a photo the visitor picked: the text of its first code, null when it holds none, and
 * 'not-image' when the file is no picture the browser can open (a PDF or a text file chosen
 * through "all files"), which needs other advice than "take the photo again".
 */
export async function decodeFile(file: Blob): Promise<string | null | 'not-image'> {
  if (file.type && !file.type.startsWith('image/')) return 'not-image';
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return 'not-image';
  }
  try {
    return await decodeImage(bitmap);
  } finally {
    bitmap.close();
  }
}

export type CameraError = 'denied' | 'missing' | 'decoder';

/**
 * Shows the back camera in `video` and calls `onText` once with the first code seen; returns a
 * function that stops the camera. Frames are decoded one at a time, a few times a second.
 */
export async function startCamera(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  onError: (error: CameraError) => void,
): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) {
    onError('missing');
    return () => {};
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
      audio: false,
    });
  } catch (error) {
    const name = (error as DOMException).name;
    onError(name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied');
    return () => {};
  }
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  await video.play().catch(() => undefined);
  const tick = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= 2) {
        const text = await decodeImage(video);
        if (text && !stopped) {
          stop();
          onText(text);
          return;
        }
      }
    } catch {
      stop();
      onError('decoder');
      return;
    }
    setTimeout(tick, 150);
  };
  void tick();
  return stop;
}
