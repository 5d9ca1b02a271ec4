import type { UpdateChannelBody } from '@qrqr/shared/channel-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { checkIndustryChoice } from './industry-choice';
import { updateChannelRow } from './repository';

/** Saves the settings screen: fields left out keep their values; relation links are replaced whole. */
export async function updateChannel(
  ctx: AppContext,
  input: { channel: ChannelRow; body: UpdateChannelBody },
): Promise<ChannelRow> {
  const { channel, body } = input;
  const { relation_links, quiet_hours, quiet_start, quiet_end, ...fields } = body;
  // A new industry without a sub-industry clears the old one, which belonged to the old industry.
  const industry = {
    industory_id: body.industory_id === undefined ? channel.industory_id : body.industory_id,
    sub_industory_id:
      body.sub_industory_id !== undefined
        ? body.sub_industory_id
        : body.industory_id !== undefined && body.industory_id !== channel.industory_id
          ? null
          : channel.sub_industory_id,
  };
  await checkIndustryChoice(ctx.db, industry);
  return updateChannelRow(ctx.db, channel.id, {
    ...fields,
    ...industry,
    ...(relation_links ? { relation_links: JSON.stringify(relation_links) } : {}),
    ...(quiet_hours !== undefined ? { quiet_hours } : {}),
    ...(quiet_start !== undefined ? { quiet_start: minutesOfDay(quiet_start) } : {}),
    ...(quiet_end !== undefined ? { quiet_end: minutesOfDay(quiet_end) } : {}),
    updated_at: Date.now(),
  });
}

/** "21:00" → 1260. */
function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
