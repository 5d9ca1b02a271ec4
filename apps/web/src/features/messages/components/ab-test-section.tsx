import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AB_FALLBACKS, AB_METRICS, AB_TEST } from '@qrqr/shared/ab-test-constants';
import { metricFits } from '@qrqr/shared/ab-test-schemas';
import { NumberField } from '../../../components/number-field';
import { fieldErrorText } from '../../../lib/form-errors';
import { withoutMarks } from '../../../lib/phrase-breaks';
import { useTranslation } from '../../../lib/use-translation';
import { useAbGroups } from '../api/ab-tests';
import {
  type AbFormValues,
  lettersOf,
  newAbTest,
  shareInRange,
  withoutVariant,
  withVariant,
} from './ab-test-values';
import type { MessageFormValues, SaveMessageWithTestInput } from './message-form-values';
import type { ContentEditor } from './use-content-editor';

type MessageEditor = ContentEditor<MessageFormValues, SaveMessageWithTestInput>;

/**
 * The editor's A/B test: turning it on, its settings (share, metric, waiting time, fallback) with
 * each group's size live, and the switcher between variants A–D that the tabs below edit.
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
  // A group under the minimum, said on the share field in the server's words while it is so; the
  // number kept with the word before it (Firefox broke 「（現在 / 50人）」 at the space).
  const small =
    groups.data && groups.data.group_size < groups.data.group_min
      ? t('messages:validation.ab_groups_small').replace(/ ?\{0\}/, `\u00a0${groups.data.group_size}`)
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
                        onClick={remove}
                        data-testid="ab-remove"
                      >
                        {t('ab.remove', { letter: letters[active] })}
                      </Button>
                    ) : null}
                    {letters.length < AB_TEST.variantsMax ? (
                      <Button size="xs" variant="light" onClick={add} data-testid="ab-add">
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
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Whether a variant (0 = B) has a refused field, so its tab shows it. */
function hasErrors(editor: MessageEditor, i: number): boolean {
  return ['push_text', 'detail_title', 'detail_text', 'link_url', 'coupon_id', 'coupon_title'].some((k) =>
    Boolean(editor.errorAt(`ab_test.variants.${i}.${k}`)),
  );
}

function AbSettings(props: {
  editor: MessageEditor;
  ab: AbFormValues;
  change: <K extends keyof AbFormValues>(key: K, value: AbFormValues[K]) => void;
  readOnly: boolean;
  /** The live refusal of a group under the minimum. */
  small: string | undefined;
}) {
  const { t } = useTranslation('channel-messages');
  const { editor, ab, change, readOnly } = props;
  const all = [editor.v, ...ab.variants];
  const couponFits = metricFits('coupon', all);
  const error = (key: string) => fieldErrorText(t, editor.errorAt(`ab_test.${key}`));
  // Said as soon as a variant loses its coupon, as the server would refuse it.
  const metricError =
    error('metric') ?? (metricFits(ab.metric, all) ? undefined : t('messages:validation.ab_metric_coupon'));
  // A select shows its choice as its input's value, an attribute: the phrase marks of Firefox and
  // WebKit stay out of it.
  const option = (value: string, key: string) => ({ value, label: withoutMarks(t(key)) });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <NumberField
        label={t('ab.share')}
        description={t('ab.share_hint', { min: AB_TEST.shareMin, max: AB_TEST.shareMax })}
        value={ab.share_percent}
        onChange={(n) => change('share_percent', n)}
        rightSection="%"
        error={error('share_percent') ?? props.small}
        readOnly={readOnly}
        data-testid="ab-share"
      />
      <NumberField
        label={t('ab.wait')}
        description={t('ab.wait_hint', { min: AB_TEST.waitHoursMin, max: AB_TEST.waitHoursMax })}
        value={ab.wait_hours}
        onChange={(n) => change('wait_hours', n)}
        error={error('wait_hours')}
        readOnly={readOnly}
        data-testid="ab-wait"
      />
      <Select
        label={t('ab.metric')}
        description={couponFits ? undefined : t('ab.metric_coupon_hint')}
        data={AB_METRICS.map((m) => option(m, `ab.metric_${m}`))}
        value={ab.metric}
        onChange={(m) => m && change('metric', m as AbFormValues['metric'])}
        allowDeselect={false}
        error={metricError}
        disabled={readOnly}
        data-testid="ab-metric"
      />
      <Select
        label={t('ab.fallback')}
        data={AB_FALLBACKS.map((f) => option(f, `ab.fallback_${f}`))}
        value={ab.fallback}
        onChange={(f) => f && change('fallback', f as AbFormValues['fallback'])}
        allowDeselect={false}
        error={error('fallback')}
        disabled={readOnly}
        data-testid="ab-fallback"
      />
    </SimpleGrid>
  );
}

/** Each group's size if the message went out now: asked again when the list, share or variants change. */
function useLiveGroups(channelId: number, values: MessageFormValues) {
  const ab = values.ab_test;
  const [share] = useDebouncedValue(ab?.share_percent ?? '', 300);
  const listChosen = values.audience === 'all' || values.send_list_id !== null;
  const query =
    ab && listChosen && shareInRange(share)
      ? {
          send_list_id: values.audience === 'all' ? null : values.send_list_id,
          share_percent: share,
          variants: 1 + ab.variants.length,
        }
      : null;
  const groups = useAbGroups(channelId, query);
  return { listChosen, data: query ? groups.data : undefined };
}

function AbGroups({ groups }: { groups: ReturnType<typeof useLiveGroups> }) {
  const { t } = useTranslation('channel-messages');
  const { data } = groups;
  let text: string;
  if (!groups.listChosen) text = t('ab.groups_no_list');
  else if (!data) text = t('ab.groups_pending');
  else text = t('ab.groups', { count: data.group_size, groups: data.groups, rest: data.rest });
  return (
    // Balanced: where `text-wrap: pretty` is missing (Firefox), 「配信」 was left alone on a line.
    <Text size="sm" aria-live="polite" data-testid="ab-groups" fw={600} style={{ textWrap: 'balance' }}>
      {text}
    </Text>
  );
}
