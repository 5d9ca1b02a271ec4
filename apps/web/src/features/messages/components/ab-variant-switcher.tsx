import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { AB_TEST } from '@qrqr/shared/ab-test-constants';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import type { MessageEditor } from './ab-test-values';

/**
 * The switcher between variants A–D that the editor's tabs below edit: a variant's tab turns red
 * while one of its fields is refused; adding copies the variant shown, removing drops it.
 */
export function AbVariantSwitcher(props: {
  editor: MessageEditor;
  letters: readonly string[];
  readOnly: boolean;
  /** The variant shown (0 = A). */
  active: number;
  onActive: (index: number) => void;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('channel-messages');
  const { editor, letters, readOnly, active, onActive } = props;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Tabs
          value={String(active)}
          onChange={(next) => next !== null && onActive(Number(next))}
          variant="pills"
        >
          <Tabs.List aria-label={t('ab.variants')}>
            {letters.map((letter, i) => (
              <Tabs.Tab
                key={letter}
                value={String(i)}
                data-testid={`ab-variant-${letter}`}
                c={i > 0 && hasErrors(editor, i - 1) ? 'red.8' : undefined}
              >
                {t('ab.variant', { letter })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {readOnly ? null : (
          <Group gap="xs">
            {active > 0 ? (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={props.onRemove}
                data-testid="ab-remove"
              >
                {t('ab.remove', { letter: letters[active] })}
              </Button>
            ) : null}
            {letters.length < AB_TEST.variantsMax ? (
              <Button size="xs" variant="light" onClick={props.onAdd} data-testid="ab-add">
                {t('ab.add')}
              </Button>
            ) : null}
          </Group>
        )}
      </Group>
      {editor.errorAt('ab_test.variants') ? (
        <Text size="sm" c="red.8" role="alert">
          {fieldErrorText(t, editor.errorAt('ab_test.variants'))}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="ab-editing">
        {t(active === 0 ? 'ab.editing_a' : 'ab.editing', { letter: letters[active] })}
      </Text>
    </Stack>
  );
}

/** Whether a variant (0 = B) has a refused field, so its tab shows it. */
function hasErrors(editor: MessageEditor, i: number): boolean {
  return ['push_text', 'detail_title', 'detail_text', 'link_url', 'coupon_id', 'coupon_title'].some((k) =>
    Boolean(editor.errorAt(`ab_test.variants.${i}.${k}`)),
  );
}
