import type { TagDto } from '@qrqr/shared/tag-schemas';
import type { TagRow } from './repository';

export function presentTag(row: TagRow): TagDto {
  return { tag_id: row.id, tag_name: row.tag_name, created_at: row.created_at };
}
