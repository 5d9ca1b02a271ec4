import type { BoxFilter, SendlistDto } from '@qrqr/shared';
import { z } from 'zod';
import type { SendlistRecord } from './repository';

export function presentSendlist(record: SendlistRecord, followerCount: number): SendlistDto {
  const { row } = record;
  return {
    sendlist_id: row.id,
    sendlist_name: row.sendlist_name,
    box_filter_1: row.box_filter_1 as BoxFilter,
    tag_list_1: record.tag_list_1,
    box_filter_2: row.box_filter_2 as BoxFilter,
    tag_list_2: record.tag_list_2,
    follower_count: followerCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const boxFilterSchema = z
  .number()
  .int()
  .describe('Filter mode: default 3 (box unused), exactly 2, at least 0, at most 1, exclude 4');

/** The same shape for OpenAPI and the response serializer. */
export const sendlistSchema = z.object({
  sendlist_id: z.number().int(),
  sendlist_name: z.string(),
  box_filter_1: boxFilterSchema,
  tag_list_1: z.array(z.number().int()).describe('Tag ids of box 1'),
  box_filter_2: boxFilterSchema,
  tag_list_2: z.array(z.number().int()).describe('Tag ids of box 2'),
  follower_count: z.number().int().describe('Followers the list reaches now'),
  created_at: z.number().describe('Unix milliseconds'),
  updated_at: z.number().describe('Unix milliseconds'),
});

export const reservedSchema = z.object({
  sendlist_id: z.number().int(),
  reserved_count: z.number().int().describe('Reserved messages that use the list'),
});
