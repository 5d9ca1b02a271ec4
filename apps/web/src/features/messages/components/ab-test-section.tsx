import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { ruleText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/use-translation';
import { AbGroups, useLiveGroups } from './ab-test-groups';
import { AbSettings } from './ab-test-settings';
import {
  type AbFormValues,
  lettersOf,
  type MessageEditor,
  newAbTest,
  withoutVariant,
  withVariant,
} from './ab-test-values';
import { AbVariantSwitcher } from './ab-variant-switcher';

/**
 * The editor's A/B test: turning it on, its settings (ab-test-settings.tsx) with each group's size
 * live (ab-test-groups.tsx), and the switcher between variants A–D that the tabs below edit
 * (ab-variant-switcher.tsx).
 */
export function AbTestSection(props: {
  editor: MessageEditor;
  channelId: number;
  readOnly: boolean;
  /** The variant shown (0 = A). */
  active: number;
  onActive: (index: number) => void;
}) {
  const { t } = useTranslation('channel-messages');
  const { editor, readOnly, active, onActive } = props;
  const { v } = editor;
  const ab = v.ab_test;
  const setAb = (next: AbFormValues | null) => editor.set('ab_test', next);
  const change = <K extends keyof AbFormValues>(key: K, value: AbFormValues[K]) => {
    if (!ab) return;
    setAb({ ...ab, [key]: value });
    editor.clearErrorAt(`ab_test.${key}`);
  };
  const letters = lettersOf(ab);
  const groups = useLiveGroups(props.channelId, v);
  // A group under the minimum, said on the share field in the server's words while it is so.
  const small =
    groups.data && groups.data.group_size < groups.data.group_min
      ? ruleText(t, 'validation.ab_groups_small', [String(groups.data.group_size)])
      : undefined;

  const toggle = (on: boolean) => {
    setAb(on ? newAbTest(v) : null);
    onActive(0);
  };
  const add = () => {
    if (!ab) return;
    const from = active === 0 ? v : (ab.variants[active - 1] ?? v);
    setAb(withVariant(ab, from));
    onActive(ab.variants.length + 1);
  };
  const remove = () => {
    if (!ab || active === 0) return;
    setAb(withoutVariant(ab, active));
    onActive(active - 1);
    editor.clearErrorAt('ab_test.variants');
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ab-test-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} fz="md" id="ab-test-title">
              {t('ab.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('ab.hint')}
            </Text>
          </div>
          <Switch
            checked={ab !== null}
            onChange={(e) => toggle(e.currentTarget.checked)}
            disabled={readOnly}
            aria-label={t('ab.enable')}
            data-testid="ab-enable"
          />
        </Group>
        {ab ? (
          <>
            <AbSettings editor={editor} ab={ab} change={change} readOnly={readOnly} small={small} />
            <AbGroups groups={groups} />
            <AbVariantSwitcher
              editor={editor}
              letters={letters}
              readOnly={readOnly}
              active={active}
              onActive={onActive}
              onAdd={add}
              onRemove={remove}
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
