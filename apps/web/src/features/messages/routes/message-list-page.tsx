import { Skeleton, Stack, Text } from '@mantine/core';
import {
  MESSAGE_STATUSES,
  MESSAGES_PAGE_SIZE,
  type MessageStatusFilter,
} from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import { paths } from '@qrqr/shared/paths';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { LabelledSegments } from '../../../components/labelled-segments';
import { Pager } from '../../../components/pagination';
import { chosenAmong, useSelection } from '../../../components/selectable-list/selection';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useCancelCoupon } from '../api/cancel-coupon';
import { useCancelMessages } from '../api/cancel-messages';
import { useDeleteMessages } from '../api/delete-messages';
import { FIRST_MESSAGE_SEARCH, useMessages } from '../api/get-messages';
import { useReach } from '../api/get-reach';
import { useWithdrawMessage } from '../api/withdraw-message';
import { CancelCouponDialog } from '../components/cancel-coupon-dialog';
import { MessageBulkActions } from '../components/message-bulk-actions';
import { MessageRows } from '../components/message-rows';
import { MessagesEmpty } from '../components/messages-empty';

const FILTERS = [
  MESSAGE_STATUSES.all,
  MESSAGE_STATUSES.draft,
  MESSAGE_STATUSES.reserved,
  MESSAGE_STATUSES.sent,
  MESSAGE_STATUSES.finished,
] as const;

type Asking = { kind: 'revert'; messages: MessageDto[] } | { kind: 'delete'; messages: MessageDto[] } | null;

/**
 * /qrchannel/message/list, the channel service's home: the channel's messages by status, 20 a
 * page, newest first; revert reserved ones to drafts, delete several, cancel a sent coupon.
 */
export function MessageListPage() {
  const { t } = useTranslation('channel-messages');
  const { channel, href } = useCurrentChannel();
  const channelId = channel.channel_id;
  const [status, setStatus] = useState<MessageStatusFilter>(FIRST_MESSAGE_SEARCH.status);
  const [page, setPage] = useState(FIRST_MESSAGE_SEARCH.page);
  const list = useMessages(channelId, { status, page });
  const reach = useReach(channelId);
  const selection = useSelection();
  const cancel = useCancelMessages(channelId);
  const remove = useDeleteMessages(channelId);
  const cancelCoupon = useCancelCoupon(channelId);
  const [asking, setAsking] = useState<Asking>(null);
  const [couponOf, setCouponOf] = useState<MessageDto | null>(null);
  const withdraw = useWithdrawMessage(channelId);
  const [withdrawOf, setWithdrawOf] = useState<MessageDto | null>(null);

  const messages = list.data?.messages ?? [];
  const chosen = chosenAmong(selection.selected, messages, (m) => m.message_id);
  const chosenReserved = chosen.filter((m) => m.status === MESSAGE_STATUSES.reserved);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total_count / MESSAGES_PAGE_SIZE)) : 1;

  const say = (message: string, ok: boolean) =>
    void notify({
      message,
      color: ok ? 'teal' : 'red',
      closeButtonProps: { 'aria-label': t('common:close') },
    });

  const onConfirm = () => {
    if (!asking) return;
    const ids = asking.messages.map((m) => m.message_id);
    const done = {
      onSettled: () => setAsking(null),
      onError: (error: unknown) => say(errorText(error, t), false),
    };
    if (asking.kind === 'revert') {
      cancel.mutate(ids, {
        ...done,
        onSuccess: (count) => {
          selection.clear();
          say(t('list.reverted', { count }), true);
        },
      });
    } else {
      remove.mutate(ids, {
        ...done,
        onSuccess: (count) => {
          selection.clear();
          say(t('list.deleted', { count }), true);
        },
      });
    }
  };

  let content = <ListSkeleton />;
  if (list.isError) {
    content = <RetryAlert error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data && messages.length === 0) {
    content = <MessagesEmpty filtered={status !== MESSAGE_STATUSES.all} />;
  } else if (list.data) {
    content = (
      <Stack gap="md">
        <MessageBulkActions
          messages={messages}
          selection={selection}
          chosen={chosen}
          chosenReserved={chosenReserved}
          onRevert={() => setAsking({ kind: 'revert', messages: chosenReserved })}
          onDelete={() => setAsking({ kind: 'delete', messages: chosen })}
        />
        <MessageRows
          messages={messages}
          selection={selection}
          reach={reach.byList}
          followerCount={reach.everyone}
          href={href}
          onRevert={(m) => setAsking({ kind: 'revert', messages: [m] })}
          onCancelCoupon={setCouponOf}
          onWithdraw={setWithdrawOf}
        />
        <Pager page={page} total={pages} onChange={setPage} label={t('list.pages')} />
      </Stack>
    );
  }

  return (
    <ChannelPage
      title={t('list.page_title')}
      counts={
        list.data ? (
          <Text size="sm" c="dimmed" data-testid="messages-count">
            {t('list.count', { count: list.data.total_count })}
          </Text>
        ) : null
      }
      actions={
        <ButtonLink href={href(paths.channelMessageCreate)} data-testid="message-create">
          {t('list.create')}
        </ButtonLink>
      }
      data-testid="message-list"
    >
      <Stack gap="md">
        <LabelledSegments
          label={t('list.filter')}
          value={String(status)}
          onChange={(v) => {
            setStatus(Number(v) as MessageStatusFilter);
            setPage(1);
          }}
          data={FILTERS.map((s) => ({ value: String(s), label: t(`filter.${s}`) }))}
          fullWidth
          data-testid="message-filter"
        />
        {content}
      </Stack>
      <ConfirmDialog
        opened={asking?.kind === 'revert'}
        title={t('list.revert_title')}
        confirmLabel={t('list.revert_confirm')}
        loading={cancel.isPending}
        onConfirm={onConfirm}
        onCancel={() => setAsking(null)}
      >
        {t('list.revert_body', { count: asking?.messages.length ?? 0 })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking?.kind === 'delete'}
        danger
        title={t('list.delete_title')}
        confirmLabel={t('list.delete_confirm')}
        loading={remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setAsking(null)}
      >
        {t('list.delete_body', { count: asking?.messages.length ?? 0 })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={withdrawOf !== null}
        danger
        title={t('list.withdraw_title')}
        confirmLabel={t('list.withdraw_confirm')}
        loading={withdraw.isPending}
        onConfirm={() =>
          withdrawOf &&
          withdraw.mutate(withdrawOf.message_id, {
            onSettled: () => setWithdrawOf(null),
            onSuccess: () => say(t('list.withdrawn'), true),
            onError: (error) => say(errorText(error, t), false),
          })
        }
        onCancel={() => setWithdrawOf(null)}
      >
        {t('list.withdraw_body', { text: withdrawOf?.push_text ?? '' })}
      </ConfirmDialog>
      <CancelCouponDialog
        key={couponOf?.message_id ?? 0}
        message={couponOf}
        busy={cancelCoupon.isPending}
        onClose={() => setCouponOf(null)}
        onConfirm={(text) =>
          couponOf &&
          cancelCoupon.mutate(
            { messageId: couponOf.message_id, text },
            {
              onSuccess: () => {
                setCouponOf(null);
                say(t('cancel_coupon.done'), true);
              },
              onError: (error) => say(errorText(error, t), false),
            },
          )
        }
      />
    </ChannelPage>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy data-testid="messages-loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={120} radius="md" />
      ))}
    </Stack>
  );
}
