import { CHANNEL_USER_TYPES } from '@qrqr/shared/channel-constants';
import type { IndustryDto } from '@qrqr/shared/channel-schemas';

/** The create form's values as the inputs hold them (the shared schema turns them into numbers). */
export interface CreateValues {
  channel_name: string;
  channel_user_type: string;
  industory_id: string;
  sub_industory_id: string;
}

export const EMPTY_CREATE: CreateValues = {
  channel_name: '',
  channel_user_type: String(CHANNEL_USER_TYPES.individual),
  industory_id: '',
  sub_industory_id: '',
};

export const CREATE_FIELDS = [
  'channel_name',
  'channel_user_type',
  'industory_id',
  'sub_industory_id',
] as const;

/** Names of the chosen industry and sub-industry, for the confirmation step. */
export function industryNames(industries: IndustryDto[], values: CreateValues) {
  const industry = industries.find((i) => String(i.id) === values.industory_id);
  const sub = industry?.sub_industories.find((s) => String(s.id) === values.sub_industory_id);
  return { industry: industry?.name ?? '', sub: sub?.name ?? '' };
}
