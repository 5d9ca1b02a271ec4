import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { paths } from '@qrqr/shared/paths';
import {
  WIFI_PAGE_LIMITS,
  WIFI_PAGE_SIZE,
  WIFI_PAGE_STATUS,
  type WifiPageStatus,
} from '@qrqr/shared/wifi-constants';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { Pager } from '../../../components/pagination';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useDeleteWifiPages } from '../api/delete-pages';
import { FIRST_WIFI_PAGE_SEARCH, useWifiPages } from '../api/get-pages';

type StatusFilter = 'all' | `${WifiPageStatus}`;

/**
 * /qrwifi/welcomepage/list, the home of the Wi-Fi service: the member's welcome pages, 20 a page,
 * searched by title and filtered by status, each with its linked networks (3 SSIDs, "+N more");
 * several can be deleted at once.
 */
export function WifiListPage() {
  const { t } = useTranslation('wifi');
  const { href } = useCurrentChannel();
  const [page, setPage] = useState(FIRST_WIFI_PAGE_SEARCH.page);
  const [keyword, setKeyword] = useState(FIRST_WIFI_PAGE_SEARCH.keyword);
  const [debounced] = useDebouncedValue(keyword, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [chosen, setChosen] = useState<number[]>([]);
  const [asking, setAsking] = useState(false);
  const list = useWifiPages({
    page,
    keyword: debounced,
    status: status === 'all' ? undefined : (Number(status) as WifiPageStatus),
  });
  const remove = useDeleteWifiPages();
  const rows = list.data?.welcome_pages ?? [];
  const pages = list.data ? Math.ceil(list.data.total_count / WIFI_PAGE_SIZE) : 0;
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const confirmDelete = () =>
    remove.mutate(chosen, {
      onSuccess: ({ deleted_count }) => {
        void notify({ message: t('list.deleted', { count: deleted_count }) });
        setChosen([]);
        setAsking(false);
      },
      onError: () => setAsking(false),
    });

  return (
    <ChannelPage
      title={t('list.title')}
      actions={<ButtonLink href={href(paths.wifiWelcomeCreate)}>{t('list.create')}</ButtonLink>}
      data-testid="wifi-list-page"
    >
      <Stack gap="md">
        <Group gap="sm" align="end" wrap="wrap">
          <TextInput
            label={t('list.search')}
            placeholder={t('list.search_placeholder')}
            value={keyword}
            maxLength={WIFI_PAGE_LIMITS.titleMax}
            onChange={(e) => {
              setKeyword(e.currentTarget.value);
              setPage(1);
            }}
            data-testid="wifi-search"
          />
          <SegmentedControl
            aria-label={t('list.status')}
            value={status}
            onChange={(v) => {
              setStatus(v as StatusFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('list.status_all') },
              { value: String(WIFI_PAGE_STATUS.reserved), label: t('status.1') },
              { value: String(WIFI_PAGE_STATUS.published), label: t('status.2') },
            ]}
          />
          <Button
            color="red"
            variant="light"
            disabled={chosen.length === 0}
            onClick={() => setAsking(true)}
            data-testid="wifi-delete"
          >
            {t('list.delete', { count: chosen.length })}
          </Button>
        </Group>
        {remove.isError ? <Alert color="red">{t('list.delete_failed')}</Alert> : null}
        {list.isError ? (
          <RetryAlert error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Stack aria-busy aria-label={t('list.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={72} radius="md" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Stack gap={4} py="lg" data-testid="wifi-empty">
            <Text fw={700}>
              {debounced || status !== 'all' ? t('list.none_found') : t('list.empty_title')}
            </Text>
            <Text c="dimmed">{t('list.empty_body')}</Text>
          </Stack>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((row) => {
              const more = row.ssid_count - row.ssids.length;
              return (
                <Group
                  component="li"
                  key={row.welcome_page_id}
                  gap="sm"
                  wrap="nowrap"
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                  data-testid="wifi-row"
                >
                  <Checkbox
                    aria-label={t('list.select', { title: row.title })}
                    checked={chosen.includes(row.welcome_page_id)}
                    onChange={() => toggle(row.welcome_page_id)}
                  />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <ButtonLink
                        variant="subtle"
                        px={0}
                        href={href(`${paths.wifiWelcomeCreate}`, {
                          welcome_page_id: String(row.welcome_page_id),
                        })}
                      >
                        {row.title}
                      </ButtonLink>
                      {/* A page no code links to is published by nothing: not scheduled, unpublished. */}
                      <Badge
                        color={row.status === WIFI_PAGE_STATUS.published ? '#1a7f37' : '#57606a'}
                        variant={row.ssid_count === 0 ? 'outline' : 'filled'}
                        data-testid="wifi-row-status"
                      >
                        {row.ssid_count === 0
                          ? t('status.unlinked')
                          : t(`status.${row.status}` as 'status.1')}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {row.ssid_count === 0
                        ? t('list.no_networks')
                        : `${row.ssids.join(' / ')}${more > 0 ? ` ${t('list.more', { count: more })}` : ''}`}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
        <Pager page={page} total={pages} onChange={setPage} label={t('list.pages')} />
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('list.delete_title')}
        onConfirm={confirmDelete}
        onCancel={() => setAsking(false)}
        loading={remove.isPending}
        danger
        confirmLabel={t('list.delete_confirm')}
      >
        {t('list.delete_body', { count: chosen.length })}
      </ConfirmDialog>
    </ChannelPage>
  );
}
