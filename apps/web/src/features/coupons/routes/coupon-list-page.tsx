import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  COUPON_KEYWORD_MAX,
  COUPON_STATES,
  COUPONS_PAGE_SIZE,
  type CouponState,
} from '@qrqr/shared/coupon-constants';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import { paths } from '@qrqr/shared/paths';
import { useEffect, useState } from 'react';
import { CouponCard } from '../../../cards/coupon-card';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { Pager } from '../../../components/pagination';
import { chosenAmong, useSelection } from '../../../components/selectable-list/selection';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import { useDeleteCoupons } from '../api/delete-coupons';
import { useCoupons } from '../api/get-coupons';
import { useCardText } from '../components/card-text';
import { couponErrorText } from '../components/coupon-error-text';
import { COPY_PARAM, EDIT_PARAM } from '../components/coupon-params';
import { CouponTile } from '../components/coupon-tile';
import classes from '../components/coupons.module.css';

/**
 * /qrchannel/coupon/list: the channel's coupon library, 20 a page, searched by item name and
 * narrowed by state on the server; each coupon shows its state and can be shown, edited, copied
 * or deleted (many at once); the storage limit above.
 */
export function CouponListPage() {
  const { t } = useTranslation('coupons');
  const { channel, href } = useCurrentChannel();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<CouponState | ''>('');
  const [searched] = useDebouncedValue(keyword, 300);
  const library = useCoupons(channel.channel_id, { page, keyword: searched, state: state || undefined });
  const remove = useDeleteCoupons(channel.channel_id);
  const card = useCardText();
  const selection = useSelection();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<CouponDto | null>(null);

  const data = library.data;
  const full = data ? data.stored_count >= data.storage_max : false;
  const pages = data ? Math.max(1, Math.ceil(data.total_count / COUPONS_PAGE_SIZE)) : 1;
  const chosen = chosenAmong(selection.selected, data?.coupons ?? [], (c) => c.coupon_img_id);
  // After deleting the last coupons of the last page, show the page that is now last.
  useEffect(() => {
    if (data && !library.isPlaceholderData && page > pages) setPage(pages);
  }, [data, library.isPlaceholderData, page, pages]);
  // A new search starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search changes
  useEffect(() => setPage(1), [searched, state]);

  const onDelete = () => {
    setFailure(null);
    remove.mutate(
      chosen.map((c) => c.coupon_img_id),
      {
        onSuccess: ({ deleted }) => {
          selection.clear();
          setConfirming(false);
          void notify({
            color: 'teal',
            message: t('list.deleted', { count: deleted }),
            closeButtonProps: { 'aria-label': t('list.close') },
          });
        },
        onError: (error) => {
          setConfirming(false);
          setFailure(couponErrorText(error, t));
        },
      },
    );
  };

  const search = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.search_placeholder')}
        value={keyword}
        maxLength={COUPON_KEYWORD_MAX}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        style={{ flex: '1 1 200px' }}
        data-testid="coupon-search"
      />
      <NativeSelect
        label={t('list.state_filter')}
        value={state}
        onChange={(event) => setState(event.currentTarget.value as CouponState | '')}
        data={[
          { value: '', label: t('list.state_all') },
          ...COUPON_STATES.map((s) => ({ value: s, label: t(`list.states.${s}`) })),
        ]}
        style={{ flex: '0 1 180px' }}
        data-testid="coupon-state-filter"
      />
    </Group>
  );

  let content = (
    <div className={classes.grid} role="status" aria-busy="true" aria-label={t('list.loading')}>
      <Skeleton height={220} />
      <Skeleton height={220} />
      <Skeleton height={220} />
    </div>
  );
  if (library.isError) {
    content = <RetryAlert error={library.error} onRetry={() => void library.refetch()} />;
  } else if (data && data.stored_count === 0) {
    content = (
      <Stack gap="xs" align="flex-start" data-testid="coupons-empty">
        <Text fw={700}>{t('list.empty_title')}</Text>
        <Text c="dimmed">{t('list.empty_body')}</Text>
      </Stack>
    );
  } else if (data) {
    content = (
      <Stack gap="md">
        {search}
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="coupon-match-count">
          {t('list.match_count', { count: data.total_count })}
        </Text>
        {data.coupons.length === 0 ? (
          <Text data-testid="coupons-none-match">{t('list.none_match')}</Text>
        ) : (
          <>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Checkbox
                label={t('list.select_all_page')}
                {...selection.allCheck(data.coupons.map((c) => c.coupon_img_id))}
              />
              <Group gap="sm">
                {chosen.length > 0 ? (
                  <Text size="sm">{t('list.selected', { count: chosen.length })}</Text>
                ) : null}
                <Button
                  color="red.9"
                  variant="outline"
                  disabled={chosen.length === 0}
                  onClick={() => setConfirming(true)}
                  data-testid="coupons-delete"
                >
                  {t('list.delete')}
                </Button>
              </Group>
            </Group>
            <div className={classes.grid}>
              {data.coupons.map((coupon) => (
                <CouponTile
                  key={coupon.coupon_img_id}
                  coupon={coupon}
                  check={selection.check(coupon.coupon_img_id)}
                  onShow={() => setShown(coupon)}
                  editHref={href(paths.channelCouponCreate, { [EDIT_PARAM]: coupon.coupon_img_id })}
                  copyHref={
                    full ? null : href(paths.channelCouponCreate, { [COPY_PARAM]: coupon.coupon_img_id })
                  }
                />
              ))}
            </div>
            <Pager page={Math.min(page, pages)} total={pages} onChange={setPage} label={t('list.pager')} />
          </>
        )}
      </Stack>
    );
  }

  return (
    <ChannelPage
      title={t('list.title')}
      data-testid="coupon-list-page"
      counts={
        data ? (
          <Text size="sm" c={full ? 'red.9' : 'dimmed'} data-testid="coupon-storage">
            {t('list.storage', { count: data.stored_count, max: data.storage_max })}
          </Text>
        ) : null
      }
      actions={
        <ButtonLink href={href(paths.channelCouponCreate)} disabled={full} data-testid="coupon-create-link">
          {t('list.create')}
        </ButtonLink>
      }
    >
      <Stack gap="md">
        {full && data ? (
          <Alert color="orange" variant="light" data-testid="coupon-storage-full">
            {t('list.storage_full', { max: data.storage_max })}
          </Alert>
        ) : null}
        <FormAlert text={failure} />
        {content}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('list.delete_title')}
        danger
        confirmLabel={t('list.delete_confirm')}
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      >
        {t('list.delete_body', { count: chosen.length })}
      </ConfirmDialog>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.coupon_content}
        centered
        closeButtonProps={{ 'aria-label': t('list.close') }}
      >
        {shown ? (
          <CouponCard
            coupon={shown}
            imageUrl={shown.coupon_image_url}
            codeImageUrl={shown.coupon_code_image_url}
            text={card.text}
            locale={card.locale}
          />
        ) : null}
      </Modal>
    </ChannelPage>
  );
}
