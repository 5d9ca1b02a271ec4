import { Button, Group } from '@mantine/core';
import { IMAGE_FORMATS } from '@qrqr/shared/qr-constants';

/**
 * One download button per file format of a channel's QR code (PNG, JPEG, EPS, SVG): each is a
 * plain navigation to the server's file, `fileOf` its address for a format.
 */
export function CodeFormatDownloads({ fileOf }: { fileOf: (format: number) => string }) {
  return (
    <Group gap="xs">
      {Object.entries(IMAGE_FORMATS).map(([name, format]) => (
        <Button key={name} component="a" href={fileOf(format)} size="xs" variant="light" download>
          {name.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
