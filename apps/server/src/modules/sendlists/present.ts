import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import type { BoxFilter } from '@qrqr/shared/tag-filter';
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
