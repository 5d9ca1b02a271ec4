import { ActionIcon, Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { CHANNEL_LIMITS } from '@qrqr/shared/channel-constants';
import type { RelationLink } from '@qrqr/shared/channel-schemas';
import { hasOnlyUrlCharacters } from '@qrqr/shared/url-scheme';
import { WIFI_PAGE_LIMITS } from '@qrqr/shared/wifi-constants';
import { useTranslation } from '../../../lib/use-translation';

/** Relation links (text and URL, http or https), up to 10. */
export function LinksField({
  value,
  onChange,
  errorOf,
}: {
  value: RelationLink[];
  onChange: (links: RelationLink[]) => void;
  errorOf: (field: string) => string | null;
}) {
  const { t } = useTranslation('wifi');
  const set = (i: number, patch: Partial<RelationLink>) =>
    onChange(value.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Fieldset legend={t('create.links')}>
      <Stack gap="sm">
        {value.map((link, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a row's place is its identity
          <Group key={i} gap="xs" align="start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('create.link_text')}
              value={link.text}
              maxLength={CHANNEL_LIMITS.relationLinkTextMax}
              onChange={(e) => set(i, { text: e.currentTarget.value })}
              error={errorOf(`relation_links.${i}.text`)}
            />
            <TextInput
              style={{ flex: 2 }}
              label={t('create.link_url')}
              type="url"
              value={link.url}
              maxLength={CHANNEL_LIMITS.relationLinkUrlMax}
              placeholder="https://"
              onChange={(e) => set(i, { url: e.currentTarget.value })}
              error={
                // The link rule's first check (@qrqr/shared link-url.ts), said as the URL is typed.
                hasOnlyUrlCharacters(link.url.trim())
                  ? errorOf(`relation_links.${i}.url`)
                  : t('messages:validation.url_chars')
              }
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('create.link_remove')}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="default"
          disabled={value.length >= WIFI_PAGE_LIMITS.relationLinksMax}
          onClick={() => onChange([...value, { text: '', url: '' }])}
        >
          {t('create.link_add')}
        </Button>
      </Stack>
    </Fieldset>
  );
}
