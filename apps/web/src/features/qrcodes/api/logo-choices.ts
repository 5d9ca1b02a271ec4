import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface LogoChoice {
  channelId: number;
  name: string;
  iconUrl: string;
}

/** The member's channels that have an icon: what a code's logo can be (GET the channel list). */
export function useLogoChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['qr-logo-choices'],
    enabled,
    queryFn: async (): Promise<LogoChoice[]> => {
      const { channels } = await apiGet<{ channels: ChannelDto[] }>(api.channels);
      return (channels ?? [])
        .filter((c) => c.icon_url)
        .map((c) => ({ channelId: c.channel_id, name: c.channel_name, iconUrl: c.icon_url as string }));
    },
  });
}
