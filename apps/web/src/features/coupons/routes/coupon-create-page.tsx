import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import { paths } from '@qrqr/shared/paths';
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { type Path, type Resolver, useForm } from '../../../lib/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { notify } from '../../../lib/notify';
import { useSearchParams } from '../../../lib/router';
import { COUPON_ID_PARAM, MESSAGE_ID_PARAM, RETURN_MESSAGE_PARAM } from '../../../lib/screen-params';
import { useTranslation } from '../../../lib/use-translation';
import {
  ChannelPage,
  useConfirmChannelChange,
  useCurrentChannel,
  useLeaveSaved,
  useUnsavedText,
} from '../../channels';
import { useCoupon, useCoupons } from '../api/get-coupons';
import { type SaveCouponInput, useSaveCoupon } from '../api/save-coupon';
import { couponErrorText } from '../components/coupon-error-text';
import { CouponFields } from '../components/coupon-fields';
import {
  type CouponFormValues,
  couponFormValues,
  emptyCouponForm,
  toSaveInput,
} from '../components/coupon-form-values';
import { COPY_PARAM, EDIT_PARAM } from '../components/coupon-params';
import { CouponPreview } from '../components/coupon-preview';
import classes from '../components/coupons.module.css';
import { PictureInput } from '../components/picture-input';
import { readPicture } from '../components/read-picture';
import { useCodePreview } from '../components/use-code-preview';

const FIELD_PREFIX = 'coupon_image_data.';
// The server's answers about the picture (its type, its size or pixels): shown under the picture.
const PICTURE_ERRORS = new Set(['E-413', 'E-415']);

type Mode = 'new' | 'edit' | 'copy';

const idParam = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /qrchannel/coupon/create: a new coupon; with `coupon_img_id` that coupon to edit, with
 * `copy_of` a new coupon starting from that one.
 */
export function CouponCreatePage() {
  const { t } = useTranslation('coupons');
  const { channel } = useCurrentChannel();
  const [search] = useSearchParams();
  const editId = idParam(search.get(EDIT_PARAM));
  const copyId = editId === undefined ? idParam(search.get(COPY_PARAM)) : undefined;
  const sourceId = editId ?? copyId;
  const source = useCoupon(channel.channel_id, sourceId);
  const mode: Mode = editId ? 'edit' : copyId ? 'copy' : 'new';
  if (sourceId !== undefined && !source.data) {
    return (
      <ChannelPage title={t(`create.titles.${mode}`)} data-testid="coupon-create-page">
        {source.isError ? (
          <RetryAlert error={source.error} onRetry={() => void source.refetch()} />
        ) : (
          <Skeleton height={320} radius="md" aria-busy />
        )}
      </ChannelPage>
    );
  }
  return <CouponEditor key={`${mode}-${sourceId ?? ''}`} mode={mode} source={source.data} />;
}

/**
 * Every discount and code type, with the follower's coupon beside the form (below it on a phone)
 * as it will look, code included. Nothing is saved while a field shows an error (the picture's
 * included), and a coupon whose whole period is past is saved only once the owner confirms.
 */
function CouponEditor({ mode, source }: { mode: Mode; source?: CouponDto }) {
  const { t } = useTranslation('coupons');
  const { channel, href } = useCurrentChannel();
  const leaveSaved = useLeaveSaved();
  const [search] = useSearchParams();
  const returnMessage = idParam(search.get(RETURN_MESSAGE_PARAM));
  const save = useSaveCoupon(channel.channel_id);
  const library = useCoupons(channel.channel_id);
  // The picture shown (a data URL just chosen, or the saved one's address) and whether it changed.
  const [picture, setPicture] = useState<string | null>(
    mode === 'edit' ? (source?.coupon_image_url ?? null) : null,
  );
  const [pictureChanged, setPictureChanged] = useState(false);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const pictureButton = useRef<HTMLButtonElement>(null);
  const [pastAsked, setPastAsked] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CouponFormValues>({
    // The schema's input types numbers as unknown (it also reads text); the form holds text.
    resolver: lazyZodResolver(
      async () => (await import('../../../lib/form-schemas')).couponFieldsSchema,
    ) as unknown as Resolver<CouponFormValues>,
    defaultValues: source ? couponFormValues(source) : emptyCouponForm(),
  });
  useUnsavedText(form.formState.isDirty || pictureChanged);
  // Editing or copying one of this channel's coupons: a channel switch would leave it, so it asks.
  useConfirmChannelChange(mode !== 'new');
  const values = form.watch();
  const codeImage = useCodePreview(Number(values.coupon_code_type), values.coupon_code_text);
  const full =
    mode !== 'edit' && library.data ? library.data.stored_count >= library.data.storage_max : false;

  // A copy starts with its own copy of the picture, sent as a new one when saved.
  const sourcePicture = mode === 'copy' ? source?.coupon_image_url : null;
  useEffect(() => {
    if (!sourcePicture) return undefined;
    let stale = false;
    readPicture(sourcePicture)
      .then((dataUrl) => {
        if (stale) return;
        setPicture(dataUrl);
        setPictureChanged(true);
      })
      // Without its picture the copy still starts; the owner may choose one.
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [sourcePicture]);

  const choosePicture = (next: string | null) => {
    setPicture(next);
    setPictureChanged(true);
  };

  const showPictureError = () => {
    pictureButton.current?.scrollIntoView({ block: 'center' });
    pictureButton.current?.focus();
  };

  const send = () => {
    setAlert(null);
    const body: SaveCouponInput = { ...toSaveInput(form.getValues()) };
    if (mode === 'edit' && source) {
      body.coupon_img_id = source.coupon_img_id;
      // An edit keeps its picture unless another one (or none) was chosen.
      if (pictureChanged) body.image = picture ?? '';
    } else if (picture) body.image = picture;
    save.mutate(body, {
      onSuccess: (saved) => {
        setPastAsked(false);
        form.reset(form.getValues());
        setPictureChanged(false);
        void notify({
          color: 'teal',
          message: t(mode === 'edit' ? 'create.updated' : 'create.saved'),
          closeButtonProps: { 'aria-label': t('list.close') },
        });
        // From the message editor: back to its draft, with this coupon chosen.
        leaveSaved(
          returnMessage === undefined
            ? href(paths.channelCouponList)
            : href(paths.channelMessageCreate, {
                [MESSAGE_ID_PARAM]: returnMessage,
                [COUPON_ID_PARAM]: saved.coupon_img_id,
              }),
        );
      },
      onError: (error) => {
        setPastAsked(false);
        if (isApiError(error) && PICTURE_ERRORS.has(error.code)) {
          setPictureError(couponErrorText(error, t));
          showPictureError();
          return;
        }
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
    });
  };

  const onSubmit = form.handleSubmit(
    (valid) => {
      // The picture is checked in the browser only: its error keeps the coupon from saving.
      if (pictureError) return showPictureError();
      if (valid.coupon_date_to < tokyoDate()) return setPastAsked(true);
      send();
    },
    // The picture comes first in the form: its error takes the focus from the fields'.
    () => {
      if (pictureError) showPictureError();
    },
  );

  return (
    <ChannelPage
      title={t(`create.titles.${mode}`)}
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
            {mode === 'copy' ? (
              <Alert color="blue" variant="light" data-testid="coupon-copy-note">
                {t('create.copy_note', { name: source?.coupon_content ?? '' })}
              </Alert>
            ) : null}
            <FormAlert text={alert} />
            <PictureInput
              value={picture}
              onChange={choosePicture}
              error={pictureError}
              onError={setPictureError}
              buttonRef={pictureButton}
            />
            <CouponFields form={form} />
            <Button type="submit" loading={save.isPending} disabled={full} hiddenFrom="md">
              {t('create.save')}
            </Button>
          </Stack>
        </form>
        <CouponPreview values={values} picture={picture} codeImage={codeImage} />
      </div>
      <ConfirmDialog
        opened={pastAsked}
        title={t('create.past_title')}
        confirmLabel={t('create.past_confirm')}
        cancelLabel={t('create.past_cancel')}
        loading={save.isPending}
        onConfirm={send}
        onCancel={() => setPastAsked(false)}
      >
        {t('create.past_body', { to: values.coupon_date_to })}
      </ConfirmDialog>
    </ChannelPage>
  );
}
