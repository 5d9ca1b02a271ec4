import { Alert, Button, SimpleGrid, Skeleton, Stack, Switch } from '@mantine/core';
import { COUPON_CODE_TYPES } from '@qrqr/shared/coupon-constants';
import { paths } from '@qrqr/shared/paths';
import { contrastRatio, WIFI_PAGE_LIMITS } from '@qrqr/shared/wifi-constants';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';
import type { CouponValues } from '../../coupons';
import { useWifiPage } from '../api/get-page';
import { useWifiCodePreview } from '../api/preview-code';
import { useSaveCouponImageDraft } from '../api/save-coupon-image';
import { useSaveWifiPage } from '../api/save-page';
import { CouponFields } from '../components/coupon-fields';
import {
  type CouponPicture,
  CouponPictureField,
  initialCouponPicture,
} from '../components/coupon-picture-field';
import { LinksField } from '../components/links-field';
import { PageFields } from '../components/page-fields';
import {
  emptyPage,
  emptyPageCoupon,
  type PageValues,
  pageValues,
  previewPage,
  saveInput,
} from '../components/page-values';
import { PhonePreview } from '../components/phone-preview';
import { ProfilesPanel } from '../components/profiles-panel';

export const PAGE_PARAM = 'welcome_page_id';

/** /qrwifi/welcomepage/create: a new page, or with `welcome_page_id` that page to edit. */
export function WifiCreatePage() {
  const { t } = useTranslation('wifi');
  const [search] = useSearchParams();
  const raw = Number(search.get(PAGE_PARAM));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const page = useWifiPage(id);
  if (id !== undefined && !page.data) {
    return (
      <ChannelPage title={t('create.title_edit')} data-testid="wifi-create-page">
        {page.isError ? (
          <RetryAlert error={page.error} onRetry={() => void page.refetch()} />
        ) : (
          <Skeleton height={320} radius="md" aria-busy />
        )}
      </ChannelPage>
    );
  }
  return <Builder key={id ?? 'new'} saved={page.data} />;
}

function Builder({ saved }: { saved?: WifiPageDto }) {
  const { t } = useTranslation('wifi');
  const { channel, channels, href } = useCurrentChannel();
  const navigate = useNavigate();
  const save = useSaveWifiPage();
  const [values, setValues] = useState<PageValues>(() =>
    saved ? pageValues(saved) : emptyPage(channel.channel_id),
  );
  const [couponPicture, setCouponPicture] = useState<CouponPicture>(() => initialCouponPicture(saved));
  const couponDraft = useSaveCouponImageDraft();
  const [alert, setAlert] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const set = (patch: Partial<PageValues>) => setValues((v) => ({ ...v, ...patch }));
  const setCoupon = (patch: Partial<CouponValues>) =>
    setValues((v) => ({ ...v, coupon: v.coupon ? { ...v.coupon, ...patch } : v.coupon }));

  const serverErrors = save.isError && isApiError(save.error) ? save.error.fieldErrors : [];
  const errorOf = (field: string) => serverErrors.find((e) => e.field === field)?.message ?? null;
  const ratio = contrastRatio(values.text_color, values.background_color);
  const contrastBad =
    /^#[0-9a-f]{6}$/i.test(values.text_color) && /^#[0-9a-f]{6}$/i.test(values.background_color)
      ? ratio < WIFI_PAGE_LIMITS.contrastMin
      : false;
  const owner = channels.find((c) => c.channel_id === values.channel_id) ?? channel;
  const code = useWifiCodePreview(
    Number(values.coupon?.coupon_code_type ?? COUPON_CODE_TYPES.none),
    values.coupon?.coupon_code_text ?? '',
  );
  const preview = previewPage(
    values,
    {
      channel_name: owner.channel_name,
      icon_image_url: owner.icon_image_url ?? null,
      channel_description_short: owner.description_short ?? '',
    },
    couponPicture?.url ?? null,
  );

  const submit = () => {
    setAlert(null);
    setSavedNote(false);
    if (contrastBad) {
      setAlert(t('create.contrast_refused', { ratio: ratio.toFixed(2) }));
      return;
    }
    save.mutate(saveInput(values, saved?.welcome_page_id, couponPicture === null), {
      onSuccess: async (page) => {
        // A new page's coupon picture waited for an id: keep it as the draft, then save it in.
        if (!saved && values.coupon && couponPicture?.draft) {
          try {
            await couponDraft.mutateAsync({ pageId: page.welcome_page_id, imageId: couponPicture.id });
            await save.mutateAsync(saveInput(values, page.welcome_page_id, false));
          } catch {
            setAlert(t('create.picture_failed'));
          }
        }
        // Saved: the draft is the coupon's now (a page without a coupon keeps no picture).
        setCouponPicture((p) => (values.coupon && p ? { ...p, draft: false } : null));
        setSavedNote(true);
        if (!saved)
          navigate(href(paths.wifiWelcomeCreate, { [PAGE_PARAM]: String(page.welcome_page_id) }), {
            replace: true,
          });
      },
      onError: (error) => setAlert(isApiError(error) ? error.message : t('create.save_failed')),
    });
  };

  return (
    <ChannelPage
      title={saved ? t('create.title_edit') : t('create.title_new')}
      back={
        <ButtonLink variant="subtle" href={href(paths.wifiHome)}>
          {t('create.back')}
        </ButtonLink>
      }
      actions={
        <Button onClick={submit} loading={save.isPending} data-testid="wifi-save">
          {t('create.save')}
        </Button>
      }
      data-testid="wifi-create-page"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          {savedNote ? (
            <Alert color="green" role="status" data-testid="wifi-saved">
              {t('create.saved')}
            </Alert>
          ) : null}
          {alert ? (
            <Alert color="red" role="alert" data-testid="wifi-alert">
              {alert}
            </Alert>
          ) : null}
          <PageFields
            values={values}
            set={set}
            channels={channels}
            owner={owner}
            errorOf={errorOf}
            ratio={ratio}
            contrastBad={contrastBad}
          />
          <LinksField
            value={values.relation_links}
            onChange={(l) => set({ relation_links: l })}
            errorOf={errorOf}
          />
          <Switch
            label={t('create.coupon_on')}
            checked={values.coupon !== null}
            onChange={(e) => set({ coupon: e.currentTarget.checked ? emptyPageCoupon() : null })}
            data-testid="field-coupon_on"
          />
          {values.coupon ? (
            <CouponFields
              value={values.coupon}
              onChange={setCoupon}
              errorOf={errorOf}
              picture={
                <CouponPictureField
                  channelId={values.channel_id}
                  pageId={saved?.welcome_page_id}
                  savedUrl={saved?.coupon?.coupon_image_url ?? null}
                  value={couponPicture}
                  onChange={setCouponPicture}
                />
              }
            />
          ) : null}
          {saved ? (
            <ProfilesPanel page={saved} />
          ) : (
            <Alert color="gray">{t('create.profiles_after_save')}</Alert>
          )}
        </Stack>
        <PhonePreview
          page={preview}
          codeImageUrl={code.data ?? null}
          ssid={saved?.profiles[0]?.ssid ?? null}
        />
      </SimpleGrid>
    </ChannelPage>
  );
}
