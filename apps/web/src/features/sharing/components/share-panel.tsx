import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { useTranslation } from '../../../lib/use-translation';
import { useShareMessage } from '../api/share-calls';
import { AccessList } from './access-list';
import { InviteForm } from './invite-form';
import { permissionList } from './permission-labels';

interface SharePanelProps {
  qrId: string;
  /** After the viewer leaves the share (their access is gone). */
  onLeft?: () => void;
}

/**
 * Sharing one code's read log, as the read-log page and the list's share dialog show it: the
 * invite form for those who may add users, then who has access with release. A recipient
 * without add/delete users sees what they may do and can leave.
 */
export function SharePanel({ qrId, onLeft }: SharePanelProps) {
  const { t } = useTranslation('sharing');
  const share = useShareMessage(qrId);

  if (share.isPending) {
    return (
      <Stack gap="sm" data-testid="share-panel-loading" aria-busy>
        <Skeleton h={18} w="40%" />
        <Skeleton h={72} />
        <Skeleton h={48} />
      </Stack>
    );
  }
  if (share.isError) return <RetryAlert error={share.error} onRetry={() => void share.refetch()} />;

  const data = share.data;
  const manages = data.is_owner || data.permissions.includes('manage_users');
  return (
    <Stack gap="md" data-testid="share-panel">
      {!data.is_owner ? (
        <Text size="sm" data-testid="share-my-permissions">
          {t('panel.shared_by', { name: data.owner_name || t('access.unnamed') })}
          <br />
          {t('panel.you_may', { list: permissionList(data.permissions, t) })}
        </Text>
      ) : null}
      {manages ? <InviteForm qrId={qrId} grantable={data.permissions} /> : null}
      {manages ? <Divider /> : null}
      <AccessList share={data} onLeft={onLeft} />
    </Stack>
  );
}
