import type { StyleDto } from '@qrqr/shared/qr-design-schemas';
import type { StyleRow } from './repository';

/** A saved style as the calls answer it (styleSchema of @qrqr/shared). */
export function presentStyle(row: StyleRow): StyleDto {
  return { id: Number(row.id), name: row.name, design: JSON.parse(row.design) };
}
