import { Alert, Button, Stack, Title } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useState } from 'react';
import { type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { notify } from '../../../lib/notify';
import { CouponCard } from '../../../reader/coupon/coupon-card';
import { useLeaveSaved, useUnsavedText } from '../../channels/layout/change-guards';
import { useCurrentChannel } from '../../channels/layout/channel-area';
import { ChannelPage } from '../../channels/layout/channel-page';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import { useCardText } from '../components/card-text';
import { couponErrorText } from '../components/coupon-error-text';
import { CouponFields } from '../components/coupon-fields';
import {
  type CouponFormValues,
  emptyCouponForm,
  previewData,
  toSaveInput,
} from '../components/coupon-form-values';
import classes from '../components/coupons.module.css';
import { PictureInput } from '../components/picture-input';
import { useCodePreview } from '../components/use-code-preview';

const FIELD_PREFIX = 'coupon_image_data.';

/**
 * /qrchannel/coupon/create: every discount and code type, with the follower's coupon beside the
 * form (below it on a phone) as it will look, code included.
 */
export function CouponCreatePage() {
  const { t } = useTranslation('coupons');
  const { channel, href } = useCurrentChannel();
  const leaveSaved = useLeaveSaved();
  const save = useSaveCoupon(channel.channel_id);
  const library = useCoupons(channel.channel_id);
  const card = useCardText();
  const [picture, setPicture] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CouponFormValues>({
    // The schema's input types numbers as unknown (it also reads text); the form holds text.
    resolver: lazyZodResolver(
      async () => (await import('../../../lib/form-schemas')).couponFieldsSchema,
    ) as unknown as Resolver<CouponFormValues>,
    defaultValues: emptyCouponForm(),
  });
  useUnsavedText(form.formState.isDirty || picture !== null);
  const values = form.watch();
  const codeImage = useCodePreview(Number(values.coupon_code_type), values.coupon_code_text);
  const full = library.data ? library.data.total_count >= library.data.storage_max : false;

  const onSubmit = form.handleSubmit(() => {
    setAlert(null);
    save.mutate(
      { ...toSaveInput(form.getValues()), ...(picture ? { image: picture } : {}) },
      {
        onSuccess: () => {
          form.reset(form.getValues());
          setPicture(null);
          void notify({ color: 'teal', message: t('create.saved') });
          leaveSaved(href(paths.channelCouponList));
        },
        onError: (error) => {
          // Field errors come back as coupon_image_data.<field>: put them under their inputs.
          let placed = 0;
          if (isApiError(error)) {
            for (const item of error.fieldErrors) {
              if (!item.field.startsWith(FIELD_PREFIX)) continue;
              const name = item.field.slice(FIELD_PREFIX.length) as Path<CouponFormValues>;
              form.setError(name, { type: 'server', message: item.rule }, { shouldFocus: placed === 0 });
              placed += 1;
            }
          }
          if (!isApiError(error) || placed < error.fieldErrors.length || placed === 0) {
            setAlert(couponErrorText(error, t));
          }
        },
      },
    );
  });

  return (
    <ChannelPage
      title={t('create.title')}
      data-testid="coupon-create-page"
      back={
        <ButtonLink
          href={href(paths.channelCouponList)}
          variant="subtle"
          px="xs"
          aria-label={t('create.back')}
        >
          ←
        </ButtonLink>
      }
      actions={
        <Button
          type="submit"
          form="coupon-form"
          loading={save.isPending}
          disabled={full}
          data-testid="coupon-save"
        >
          {t('create.save')}
        </Button>
      }
    >
      <div className={classes.createLayout}>
        <form id="coupon-form" onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            {full && library.data ? (
              <Alert color="orange" variant="light" data-testid="coupon-storage-full">
                {t('list.storage_full', { max: library.data.storage_max })}
              </Alert>
            ) : null}
            <FormAlert text={alert} />
            <PictureInput value={picture} onChange={setPicture} />
            <CouponFields form={form} />
            <Button type="submit" loading={save.isPending} disabled={full} hiddenFrom="md">
              {t('create.save')}
            </Button>
          </Stack>
        </form>
        <aside className={classes.previewColumn} aria-labelledby="coupon-preview-title">
          <Stack gap="sm" className={classes.previewBox}>
            <Title order={2} fz="md" id="coupon-preview-title">
              {t('create.preview_title')}
            </Title>
            <CouponCard
              coupon={previewData(values)}
              imageUrl={picture}
              codeImageUrl={codeImage}
              text={card.text}
              locale={card.locale}
            />
          </Stack>
        </aside>
      </div>
    </ChannelPage>
  );
}
