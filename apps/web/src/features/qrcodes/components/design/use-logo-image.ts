import type { LogoImage } from '@qrqr/qr';
import { useEffect, useState } from 'react';

/**
 * A stored picture as the preview draws it: a data: URL (an SVG shown as an image fetches nothing
 * itself) with its size, so the logo is fitted in its square as the server's files fit it.
 */
export function useLogoImage(url: string | null): LogoImage | undefined {
  const [image, setImage] = useState<LogoImage>();
  useEffect(() => {
    setImage(undefined);
    if (!url) return;
    let live = true;
    (async () => {
      const blob = await (await fetch(url)).blob();
      const bitmap = await createImageBitmap(blob);
      const href = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
      if (live) setImage({ width: bitmap.width, height: bitmap.height, href });
      bitmap.close();
    })().catch(() => {
      // No picture in the preview; the saved design still names it and the download draws it.
    });
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}
