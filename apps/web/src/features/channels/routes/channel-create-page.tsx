import { Button, Group, Stack, Text } from '@mantine/core';
import type { ChannelDto, CreateChannelBody } from '@qrqr/shared/channel-schemas';
import { paths } from '@qrqr/shared/paths';
import { useState } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { type Resolver, useForm } from '../../../lib/form';
import { applyApiError } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateChannel } from '../api/create-channel';
import { useIndustries } from '../api/get-industries';
import { CreateConfirm } from '../components/create/create-confirm';
import { CreateFields } from '../components/create/create-fields';
import { CREATE_FIELDS, type CreateValues, EMPTY_CREATE } from '../components/create/create-values';
import { CreatedChannel } from '../components/create/created-channel';
import { useLeaveSaved, useUnsavedText } from '../layout/change-guards';
import { useChannelArea } from '../layout/channel-area';
import { ChannelPage } from '../layout/channel-page';
import { channelLink } from '../layout/channel-query';
import { rememberChannel } from '../layout/remembered-channel';

/** Register steps: name input 1, confirmation 2. */
type Step = 1 | 2;

/** After the create call the page shows the new channel (?created={id}): its code and next steps. */
const CREATED_PARAM = 'created';

/** /qrchannel/channel/create: a new channel in two steps; then the new channel with its next steps. */
export function ChannelCreatePage() {
  const { channel } = useChannelArea();
  const [search] = useSearchParams();
  // Only while the URL names the same channel: the sidebar's 'add channel' link shows the form again.
  if (channel && search.get(CREATED_PARAM) === String(channel.channel_id)) {
    return <CreatedPage channel={channel} />;
  }
  return <CreateForm />;
}

function CreatedPage({ channel }: { channel: ChannelDto }) {
  const { t } = useTranslation('channels');
  return (
    <ChannelPage title={t('created.page_title')} data-testid="channel-create">
      <Stack gap="md" maw={640}>
        <CreatedChannel channel={channel} />
      </Stack>
    </ChannelPage>
  );
}

function CreateForm() {
  const { t, i18n } = useTranslation('channels');
  const leaveSaved = useLeaveSaved();
  const { query, channels } = useChannelArea();
  const industries = useIndustries(i18n.language);
  const create = useCreateChannel();
  const [step, setStep] = useState<Step>(1);
  const [checked, setChecked] = useState<{ values: CreateValues; body: CreateChannelBody } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CreateValues, CreateChannelBody>({
    // The inputs hold strings; the shared schema reads them as the numbers it sends.
    resolver: lazyZodResolver(
      async () => (await import('../../../lib/form-schemas')).createChannelBody,
    ) as unknown as Resolver<CreateValues, CreateChannelBody>,
    defaultValues: EMPTY_CREATE,
  });
  useUnsavedText(form.formState.isDirty && !create.isSuccess);

  const toConfirm = form.handleSubmit((body, event) => {
    const values = form.getValues();
    setChecked({ values, body });
    setAlert(null);
    setStep(2);
    event?.target?.ownerDocument?.defaultView?.scrollTo(0, 0);
  });

  const submit = () => {
    if (!checked) return;
    setAlert(null);
    // mutateAsync: the page may re-render into the new channel's layout before the answer is handled.
    create.mutateAsync(checked.body).then(
      (channel) => {
        rememberChannel(channel.channel_id);
        leaveSaved(
          channelLink(
            paths.channelCreate,
            { channelId: channel.channel_id, viewModePc: query.viewModePc },
            { [CREATED_PARAM]: channel.channel_id },
          ),
        );
      },
      (error: unknown) => {
        // Field errors belong to step 1, where the inputs are.
        setStep(1);
        setAlert(applyApiError(error, { setError: form.setError, fields: CREATE_FIELDS, t }));
      },
    );
  };

  const stepLabel = t('create.step', {
    step,
    total: 2,
    name: step === 1 ? t('create.step_input') : t('create.step_confirm'),
  });
  let content = <PageLoader />;
  if (industries.isError) {
    content = <RetryAlert error={industries.error} onRetry={() => void industries.refetch()} />;
  } else if (industries.data && step === 1) {
    content = (
      <form onSubmit={toConfirm} noValidate data-testid="channel-create-form">
        <Stack gap="lg">
          <FormAlert text={alert} />
          <CreateFields form={form} industries={industries.data} />
          <Group justify="flex-end">
            <Button type="submit" data-testid="create-next">
              {t('create.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else if (industries.data && checked) {
    content = (
      <Stack gap="lg">
        <FormAlert text={alert} />
        <CreateConfirm values={checked.values} industries={industries.data} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => setStep(1)}
            disabled={create.isPending}
            data-testid="create-back"
          >
            {t('create.back')}
          </Button>
          <Button onClick={submit} loading={create.isPending} data-testid="create-submit">
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <ChannelPage
      title={t('create.title')}
      counts={
        <Text size="sm" c="dimmed" data-testid="create-step" data-step={step}>
          {stepLabel}
        </Text>
      }
      data-testid="channel-create"
    >
      <Stack gap="md" maw={640}>
        {channels.length === 0 ? <Text>{t('create.first_lead')}</Text> : null}
        {content}
      </Stack>
    </ChannelPage>
  );
}
