import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { ButtonLink } from '../../../components/button-link';
import type { Selection } from '../../../components/selectable-list/selection';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { describeFilter } from './filter-summary';

interface SendlistCardsProps {
  lists: SendlistDto[];
  tagNames: ReadonlyMap<number, string>;
  selection: Selection;
  /** Link to a screen of the channel area (keeps channel_id and view_mode). */
  href: (path: string, extra?: Record<string, string | number | undefined>) => string;
  editParam: string;
}

/** The channel's lists, one card each: the same layout reads well at 375 px and on a desktop. */
export function SendlistCards({ lists, tagNames, selection, href, editParam }: SendlistCardsProps) {
  const { t } = useTranslation('sendlists');
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.caption')}>
      {lists.map((list) => (
        <Paper component="li" key={list.sendlist_id} withBorder radius="md" p="md" data-testid="sendlist-row">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Group align="flex-start" gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              <Checkbox
                mt={3}
                {...selection.check(list.sendlist_id)}
                aria-label={t('list.select_row', { name: list.sendlist_name })}
                data-testid="sendlist-select"
              />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="sendlist-name">
                  {list.sendlist_name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {describeFilter(t, list, tagNames)}
                </Text>
                <Group gap="md">
                  <Text size="sm" data-testid="sendlist-reach">
                    {t('list.col_reach')}: <b>{t('list.reach', { count: list.follower_count })}</b>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('list.col_updated')}: <time>{formatDate(list.updated_at)}</time>
                  </Text>
                </Group>
              </Stack>
            </Group>
            <ButtonLink
              href={href(paths.channelSendlistCreate, { [editParam]: list.sendlist_id })}
              variant="light"
              size="xs"
              aria-label={t('list.edit_label', { name: list.sendlist_name })}
              data-testid="sendlist-edit"
            >
              {t('list.edit')}
            </ButtonLink>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
