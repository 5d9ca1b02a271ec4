import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { nameLength } from '@qrqr/shared/name-text';
import { TAG_LIMITS } from '@qrqr/shared/tag-limits';
import type { SaveTagBody, TagDto } from '@qrqr/shared/tag-schemas';
import { useState } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm, useWatch } from '../../../lib/form';
import { applyApiError, fieldErrorText } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useTranslation } from '../../../lib/use-translation';
import { useSaveTag } from '../api/save-tag';

interface TagFormDialogProps {
  opened: boolean;
  channelId: number;
  /** The tag to rename; null creates a new one. */
  tag: TagDto | null;
  onClose: () => void;
  onSaved: (tag: TagDto) => void;
}

// Loaded at the form's first validation, with zod (lib/lazy-zod-resolver.ts).
const schema = () => import('../../../lib/form-schemas').then((m) => m.saveTagBody);

/**
 * Create or rename one tag: the name with its live count, its rules (required, at most 32
 * characters) and the server's answer.
 */
export function TagFormDialog({ opened, channelId, tag, onClose, onSaved }: TagFormDialogProps) {
  const { t } = useTranslation('tags');
  const save = useSaveTag(channelId);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<{ tag_name: string; tag_id: unknown }, SaveTagBody>({
    resolver: lazyZodResolver(schema),
    values: { tag_name: tag?.tag_name ?? '', tag_id: tag?.tag_id },
  });
  const name = useWatch({ control: form.control, name: 'tag_name' }) ?? '';
  const count = nameLength(name);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await save.mutateAsync({ tag_name: values.tag_name, tag_id: values.tag_id });
      form.reset({ tag_name: '', tag_id: undefined });
      onSaved(saved);
    } catch (error) {
      setAlert(applyApiError(error, { setError: form.setError, fields: ['tag_name'], t }));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tag ? t('form.rename_title') : t('form.create_title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? <FormAlert text={alert} /> : null}
          <TextInput
            {...form.register('tag_name')}
            label={t('form.name')}
            description={t('form.name_hint', { max: TAG_LIMITS.nameMax })}
            withAsterisk
            data-autofocus
            data-testid="tag-name"
            error={fieldErrorText(t, form.formState.errors.tag_name?.message)}
            rightSectionWidth={64}
            rightSection={
              <Text size="xs" c={count > TAG_LIMITS.nameMax ? 'red.8' : 'dimmed'} aria-hidden="true">
                {count}/{TAG_LIMITS.nameMax}
              </Text>
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="tag-save">
              {tag ? t('form.rename') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
