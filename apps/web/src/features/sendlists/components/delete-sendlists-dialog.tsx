import { List, Loader, Stack, Text } from '@mantine/core';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { useTranslation } from '../../../lib/use-translation';
import { useReservedCounts } from '../api/get-reserved-counts';

export interface DeleteSendlistsDialogProps {
  opened: boolean;
  channelId: number;
  lists: SendlistDto[];
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before deleting the chosen lists, and first says which of them reserved messages still use
 * (POST …/sendlist/reserved, asked each time the dialog opens).
 */
export function DeleteSendlistsDialog(props: DeleteSendlistsDialogProps) {
  const { opened, channelId, lists, deleting } = props;
  const { t } = useTranslation('sendlists');
  const ids = lists.map((l) => l.sendlist_id);
  const reserved = useReservedCounts(channelId, ids, opened);
  const used = (reserved.data ?? []).filter((r) => r.reserved_count > 0);
  const name = (id: number) => lists.find((l) => l.sendlist_id === id)?.sendlist_name ?? '';
  return (
    <ConfirmDialog
      opened={opened}
      title={t('delete.title')}
      danger
      confirmLabel={t('delete.confirm')}
      loading={deleting}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <Stack gap="sm" data-testid="delete-sendlists-dialog">
        <Text>{t('delete.text', { count: lists.length })}</Text>
        {reserved.isFetching ? (
          <Text size="sm" c="dimmed">
            <Loader size={12} mr={6} aria-hidden />
            {t('delete.checking')}
          </Text>
        ) : null}
        {reserved.isError ? (
          <Text size="sm" c="red.8">
            {t('delete.check_failed')}
          </Text>
        ) : null}
        {used.length > 0 ? (
          <Stack gap={4} data-testid="reserved-warning">
            <Text size="sm" c="orange.9">
              {t('delete.reserved_intro')}
            </Text>
            <List size="sm">
              {used.map((r) => (
                <List.Item key={r.sendlist_id}>
                  {t('delete.reserved_item', { name: name(r.sendlist_id), count: r.reserved_count })}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
