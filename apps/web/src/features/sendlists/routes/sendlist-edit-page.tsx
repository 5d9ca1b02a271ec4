import { Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { nameLength as lengthOf } from '@qrqr/shared/name-text';
import { paths } from '@qrqr/shared/paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { SENDLIST_LIMITS } from '@qrqr/shared/tag-filter';
import { FormAlert } from '../../../components/feedback/form-alert';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { useForm, useWatch } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { notify } from '../../../lib/notify';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useConfirmChannelChange, useCurrentChannel, useLeaveSaved, useUnsavedText } from '../../channels';
import { useChannelTags } from '../api/get-channel-tags';
import { useSendlist } from '../api/get-sendlist';
import { useSaveSendlist } from '../api/save-sendlist';
import { EditorFrame } from '../components/editor-frame';
import { emptyValues, type FormValues, toValues } from '../components/editor-values';
import { ReachCount } from '../components/reach-count';
import { TagBoxField } from '../components/tag-box-field';
import { useEditorFailure } from '../components/use-editor-failure';
import { type BoxValues, toFilter, useLiveReach } from '../components/use-live-reach';
import { SENDLIST_ID_PARAM } from './sendlist-id-param';

// The server's own schema, loaded with zod at the form's first validation.
const loadSchema = async () => (await import('../../../lib/form-schemas')).saveSendlistBody;

/** /qrchannel/sendlist/create: a new list, or with `sendlist_id` the list to edit. */
export function SendlistEditPage() {
  const { channel } = useCurrentChannel();
  const [search] = useSearchParams();
  const raw = Number(search.get(SENDLIST_ID_PARAM));
  const editId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const existing = useSendlist(channel.channel_id, editId);
  if (editId !== undefined && !existing.data) {
    return (
      <EditorFrame editing>
        {existing.isError ? (
          <RetryAlert error={existing.error} onRetry={() => void existing.refetch()} />
        ) : (
          <Skeleton height={240} radius="md" aria-busy />
        )}
      </EditorFrame>
    );
  }
  return <SendlistEditor key={editId ?? 'new'} initial={existing.data} />;
}

function SendlistEditor({ initial }: { initial?: SendlistDto }) {
  const { t } = useTranslation('sendlists');
  const { channel, href } = useCurrentChannel();
  const leaveSaved = useLeaveSaved();
  const tags = useChannelTags(channel.channel_id);
  const save = useSaveSendlist(channel.channel_id);
  const form = useForm<FormValues>({
    resolver: lazyZodResolver(loadSchema) as never,
    defaultValues: initial ? toValues(initial) : emptyValues,
  });
  useUnsavedText(form.formState.isDirty);
  // Editing one of this channel's lists: a channel switch would leave it, so the switch asks first.
  useConfirmChannelChange(Boolean(initial));
  const failure = useEditorFailure(form);
  const values = useWatch({ control: form.control }) as FormValues;
  const reach = useLiveReach(channel.channel_id, values);
  const errors = form.formState.errors;
  const fieldError = (e: { message?: string } | undefined) => fieldErrorText(t, e?.message);

  const onSubmit = form.handleSubmit(() => {
    failure.clear();
    const v = form.getValues();
    const body = { sendlist_name: v.sendlist_name.trim(), ...toFilter(v), sendlist_id: initial?.sendlist_id };
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(toValues(saved));
        void notify({
          message: t('edit.saved', { name: saved.sendlist_name }),
          color: 'teal',
          closeButtonProps: { 'aria-label': t('common:close') },
        });
        leaveSaved(href(paths.channelSendlistList));
      },
      onError: failure.show,
    });
  });

  const setBox = (field: keyof BoxValues, value: string | string[]) => {
    form.setValue(field, value as never, { shouldDirty: true });
    // A tag-list error is about the boxes as they were; it goes once they change.
    form.clearErrors(['tag_list_1', 'tag_list_2', 'box_filter_1', 'box_filter_2']);
  };
  const nameLength = lengthOf(values.sendlist_name ?? '');
  const room = SENDLIST_LIMITS.tagsMax - reach.tagTotal;
  const tagList = tags.data ?? [];

  return (
    <EditorFrame
      editing={Boolean(initial)}
      counts={
        <ReachCount count={reach.count} pending={reach.pending} failed={reach.failed} stale={reach.stale} />
      }
      actions={
        <Button type="submit" form="sendlist-form" loading={save.isPending} data-testid="sendlist-save">
          {t(initial ? 'edit.save_update' : 'edit.save_create')}
        </Button>
      }
    >
      <form id="sendlist-form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg" maw={720}>
          <FormAlert text={failure.alert} />
          <TextInput
            label={t('edit.name')}
            placeholder={t('edit.name_placeholder')}
            withAsterisk
            {...form.register('sendlist_name')}
            error={fieldError(errors.sendlist_name)}
            description={t('edit.name_counter', { count: nameLength, max: SENDLIST_LIMITS.nameMax })}
            data-testid="sendlist-name"
          />
          {tags.isError ? <FormAlert text={t('edit.tags_failed')} /> : null}
          <TagBoxField
            n={1}
            mode={values.box_filter_1}
            tagIds={values.tag_list_1}
            onModeChange={(m) => setBox('box_filter_1', m)}
            onTagsChange={(ids) => setBox('tag_list_1', ids)}
            tags={tagList}
            room={room}
            error={fieldError(errors.tag_list_1 as { message?: string } | undefined)}
            modeError={fieldError(errors.box_filter_1)}
          />
          <Text ta="center" fw={700} c="dimmed" aria-hidden>
            {t('edit.and')}
          </Text>
          <TagBoxField
            n={2}
            mode={values.box_filter_2}
            tagIds={values.tag_list_2}
            onModeChange={(m) => setBox('box_filter_2', m)}
            onTagsChange={(ids) => setBox('tag_list_2', ids)}
            tags={tagList}
            room={room}
            error={fieldError(errors.tag_list_2 as { message?: string } | undefined)}
            modeError={fieldError(errors.box_filter_2)}
          />
          <Text size="sm" c={room < 0 ? 'red.8' : 'dimmed'} data-testid="tag-total">
            {t('edit.tag_total', { count: reach.tagTotal, max: SENDLIST_LIMITS.tagsMax })}
          </Text>
        </Stack>
      </form>
    </EditorFrame>
  );
}
