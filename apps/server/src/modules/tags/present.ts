import type { TagDto } from '@qrqr/shared';
import { z } from 'zod';
import type { TagRow } from './repository';

export function presentTag(row: TagRow): TagDto {
  return { tag_id: row.id, tag_name: row.tag_name, created_at: row.created_at };
}

/** The same shape for OpenAPI and the response serializer. */
export const tagSchema = z.object({
  tag_id: z.number().int(),
  tag_name: z.string(),
  created_at: z.number().describe('Unix milliseconds'),
});
