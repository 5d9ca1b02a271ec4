import { Select, SimpleGrid } from '@mantine/core';
import { AB_FALLBACKS, AB_METRICS, AB_TEST } from '@qrqr/shared/ab-test-constants';
import { metricFits } from '@qrqr/shared/ab-test-schemas';
import { NumberField } from '../../../components/number-field';
import { fieldErrorText } from '../../../lib/form-errors';
import { withoutMarks } from '../../../lib/phrase-breaks';
import { useTranslation } from '../../../lib/use-translation';
import type { AbFormValues, MessageEditor } from './ab-test-values';

/** A test's settings: the share, the waiting time, the winner's metric and the fallback. */
export function AbSettings(props: {
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
