import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CHANNEL_LIMITS } from '@qrqr/shared/channel-constants';
import { withDefaultScheme } from '@qrqr/shared/url-scheme';
import { useFieldArray } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import type { SettingsPartProps } from './settings-part';

/** The channel's related links (text and address), added and removed, at most 10. */
export function RelationLinkFields({ form, values }: SettingsPartProps) {
  const { t } = useTranslation('channel-settings');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const err = (message: string | undefined) => fieldErrorText(t, message);
  const links = useFieldArray({ control, name: 'relation_links' });
  // The same note as the QR form: a scheme-less address is saved with https://.
  const schemeNote = (typed: string | undefined) => {
    const value = (typed ?? '').trim();
    const saved = withDefaultScheme(value);
    return saved !== value ? t('link_url_saved_as', { url: saved }) : undefined;
  };
  return (
    <Fieldset legend={t('links')}>
      <Stack gap="sm">
        {links.fields.map((link, index) => (
          <Group key={link.id} align="flex-start" gap="xs" wrap="nowrap" data-testid="relation-link">
            <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
              <TextInput
                aria-label={t('fields.link_text', { n: index + 1 })}
                placeholder={t('fields.link_text_placeholder')}
                {...register(`relation_links.${index}.text`)}
                error={err(errors.relation_links?.[index]?.text?.message)}
              />
              <TextInput
                aria-label={t('fields.link_url', { n: index + 1 })}
                placeholder="https://"
                inputMode="url"
                {...register(`relation_links.${index}.url`)}
                error={err(errors.relation_links?.[index]?.url?.message)}
                description={schemeNote(values.relation_links?.[index]?.url)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={2}
              onClick={() => links.remove(index)}
              aria-label={t('remove_link', { n: index + 1 })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {errors.relation_links?.message ? (
          <span style={{ color: 'var(--mantine-color-red-8)' }}>{err(errors.relation_links.message)}</span>
        ) : null}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => links.append({ text: '', url: '' })}
            disabled={links.fields.length >= CHANNEL_LIMITS.relationLinksMax}
          >
            {t('add_link')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
