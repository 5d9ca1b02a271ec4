import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ShareEntryDto, ShareMessageDto } from '@qrqr/shared/sharing-schemas';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { useReleaseShare } from '../api/share-calls';
import { permissionList } from './permission-labels';

interface AccessListProps {
  share: ShareMessageDto;
  /** After leaving: the code is no longer theirs to see. */
  onLeft?: () => void;
}

/** Who has access and what they may do; release for the owner and add/delete-users holders, leave for oneself. */
export function AccessList({ share, onLeft }: AccessListProps) {
  const { t } = useTranslation('sharing');
  const release = useReleaseShare(share.qr_id);
  const [target, setTarget] = useState<ShareEntryDto | null>(null);
  const manages = share.is_owner || share.permissions.includes('manage_users');
  const leaving = target?.is_me === true;

  const confirm = () => {
    if (!target) return;
    release.mutate(target.uid, {
      onSuccess: () => {
        setTarget(null);
        if (leaving) onLeft?.();
      },
      onError: () => setTarget(null),
    });
  };

  return (
    <Stack gap="xs" data-testid="share-access-list">
      <Text fw={700} size="sm">
        {t('access.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('access.owner', { name: share.owner_name || t('access.unnamed') })}
      </Text>
      {release.isError ? <FormAlert text={errorText(release.error, t)} /> : null}
      {share.shares.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="share-access-empty">
          {t('access.empty')}
        </Text>
      ) : (
        share.shares.map((entry) => {
          const self = entry.is_me;
          const canRelease = manages || self;
          return (
            <Paper
              key={entry.uid}
              withBorder
              radius="sm"
              p="xs"
              data-testid="share-entry"
              data-email={entry.email}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {entry.user_name || entry.email}
                    </Text>
                    {entry.state === 'invited' ? (
                      <Badge
                        size="sm"
                        variant="light"
                        color="brand"
                        bg="brand.0"
                        c="brand.9"
                        radius="sm"
                        tt="none"
                      >
                        {t('access.invited')}
                      </Badge>
                    ) : null}
                  </Group>
                  {entry.user_name ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {entry.email}
                    </Text>
                  ) : null}
                  <Text size="xs">{permissionList(entry.permissions, t)}</Text>
                  <Text size="xs" c="dimmed">
                    {t(entry.state === 'invited' ? 'access.invited_at' : 'access.since', {
                      date: formatDateTime(entry.since),
                    })}
                  </Text>
                </Stack>
                {canRelease ? (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => setTarget(entry)}
                    data-testid="share-release"
                  >
                    {self
                      ? t('access.leave')
                      : entry.state === 'invited'
                        ? t('access.withdraw')
                        : t('access.release')}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          );
        })
      )}
      <ConfirmDialog
        opened={target !== null}
        title={leaving ? t('access.leave_title') : t('access.release_title')}
        confirmLabel={leaving ? t('access.leave') : t('access.release')}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
        loading={release.isPending}
        danger
      >
        {leaving
          ? t('access.leave_body')
          : t('access.release_body', { who: target?.user_name || target?.email || '' })}
      </ConfirmDialog>
    </Stack>
  );
}
