import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { LIST_TABS } from '@qrqr/shared/qr-constants';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { Pager } from '../../../components/pagination';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSearchParams } from '../../../lib/router';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { useTranslation } from '../../../lib/use-translation';
import { type QrListParams, useQrcodes } from '../api/get-qrcodes';
import { LazyBulkCreateDialog, LazyBulkExportDialog } from '../components/bulk/lazy-bulk-dialogs';
import { CodeList } from '../components/list/code-list';
import { CodeListSkeleton } from '../components/list/code-list-skeleton';
import { EmptyList } from '../components/list/empty-list';
import { ListFilters, type ListFilterValues } from '../components/list/list-filters';
import { RowActions } from '../components/list/row-actions';
import { useCodeDialogs } from '../components/list/use-code-dialogs';
import { useSelection } from '../components/list/use-selection';

/** Reads the list state from the address, so reload and back keep the page and the filters. */
function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params: QrListParams = {
    page: Math.max(1, Number(search.get('page')) || 1),
    title: search.get('title') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    shared: search.get('tab') === String(LIST_TABS.shared),
  };
  const update = (next: Partial<QrListParams>, options: { replace?: boolean } = {}) => {
    const merged = { ...params, ...next };
    const out = new URLSearchParams();
    if (merged.shared) out.set('tab', String(LIST_TABS.shared));
    if (merged.title) out.set('title', merged.title);
    if (merged.from) out.set('from', merged.from);
    if (merged.to) out.set('to', merged.to);
    if (merged.page > 1) out.set('page', String(merged.page));
    setSearch(out, { replace: options.replace });
  };
  return { params, update };
}

/** The member's codes (/qrcode/list): tabs all / shared, search, 20 per page, row actions. */
/**
 * The list's shared tab and share dialog speak sharing's texts, and its bulk toolbar the bulk
 * texts, which load with this screen (the bulk dialogs' code only when one opens).
 */
export function QrListPage() {
  return useScreenTexts(['sharing', 'qrbulk']) ? <QrList /> : <PageLoader />;
}

function QrList() {
  const { t } = useTranslation('qrcode');
  useDocumentTitle(t('list.page_title'));
  const { params, update } = useListParams();
  const list = useQrcodes(params);
  const { open, dialogs } = useCodeDialogs();
  const { t: tb } = useTranslation('qrbulk');
  const selection = useSelection();
  const [bulkCreateOpen, setBulkCreateOpen] = useState(false);
  const [exportIds, setExportIds] = useState<string[] | null>(null);
  const filtered = Boolean(params.title || params.from || params.to);
  const tab = params.shared ? 'shared' : 'all';

  const data = list.data;
  const totalPages = data?.page_count ?? 1;
  // A page past the end (the last row of the last page deleted, an old link) is answered with the
  // last page that exists: the address follows, without a history entry of its own.
  const answeredPage = list.isPlaceholderData ? undefined : data?.page;
  useEffect(() => {
    if (answeredPage !== undefined && answeredPage !== params.page)
      update({ page: answeredPage }, { replace: true });
  });

  let content = <CodeListSkeleton />;
  if (list.isError) {
    content = <RetryAlert error={list.error} onRetry={() => void list.refetch()} />;
  } else if (data && data.qrcodes.length === 0) {
    content = (
      <EmptyList
        shared={params.shared ?? false}
        filtered={filtered}
        onClear={() => update({ title: '', from: '', to: '', page: 1 })}
      />
    );
  } else if (data) {
    content = (
      <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
        <Text size="sm" c="dimmed" data-testid="list-count" aria-live="polite">
          {t('list.count', { count: data.total_count, page: data.page, pages: totalPages })}
        </Text>
        {!params.shared && (
          <Group gap="sm" data-testid="bulk-toolbar">
            <Button
              size="xs"
              variant="light"
              onClick={() => selection.selectAll(data.qrcodes.map((c) => c.id))}
              data-testid="select-page"
            >
              {tb('toolbar.select_all')}
            </Button>
            {selection.count > 0 && (
              <>
                <Text size="sm" aria-live="polite">
                  {tb('toolbar.selected', { count: selection.count })}
                </Text>
                <Button size="xs" variant="subtle" onClick={selection.clear}>
                  {tb('toolbar.clear')}
                </Button>
                <Button size="xs" onClick={() => setExportIds(selection.ids())} data-testid="bulk-export">
                  {tb('toolbar.export', { count: selection.count })}
                </Button>
              </>
            )}
          </Group>
        )}
        <CodeList
          codes={data.qrcodes}
          caption={t('list.caption')}
          actions={(code) => <RowActions code={code} onAction={open} />}
          selection={params.shared ? undefined : selection}
        />
        <Pager
          page={data.page}
          total={totalPages}
          onChange={(page) => update({ page })}
          label={t('list.pager_label')}
        />
      </Stack>
    );
  }

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('list.page_title')}
          </Title>
          <Group gap="sm">
            <Button variant="default" onClick={() => setBulkCreateOpen(true)} data-testid="bulk-create">
              {tb('toolbar.create')}
            </Button>
            <ButtonLink href={paths.home} data-testid="list-create">
              {t('list.create')}
            </ButtonLink>
          </Group>
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => update({ shared: value === 'shared', page: 1 })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="all" data-testid="list-tab-all">
              {t('list.tab_all')}
            </Tabs.Tab>
            <Tabs.Tab value="shared" data-testid="list-tab-shared">
              {t('list.tab_shared')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={tab}>
            <Stack gap="lg">
              <ListFilters
                key={`${params.title}|${params.from}|${params.to}`}
                values={{ title: params.title ?? '', from: params.from ?? '', to: params.to ?? '' }}
                onSearch={(values: ListFilterValues) => update({ ...values, page: 1 })}
              />
              {content}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {dialogs}
      <LazyBulkCreateDialog
        opened={bulkCreateOpen}
        onClose={() => setBulkCreateOpen(false)}
        onCreated={(ids) => {
          setBulkCreateOpen(false);
          setExportIds(ids);
        }}
      />
      <LazyBulkExportDialog ids={exportIds} onClose={() => setExportIds(null)} />
    </Container>
  );
}
