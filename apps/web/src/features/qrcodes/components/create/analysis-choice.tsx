import { Radio, Stack } from '@mantine/core';
import { ANALYSIS_TYPES, type AnalysisType } from '@qrqr/shared/qr-constants';
import { useTranslation } from '../../../../lib/use-translation';

const NAMES: Record<AnalysisType, 'none' | 'redirect' | 'secret'> = {
  [ANALYSIS_TYPES.none]: 'none',
  [ANALYSIS_TYPES.redirect]: 'redirect',
  [ANALYSIS_TYPES.secret]: 'secret',
};

interface AnalysisChoiceProps {
  value: AnalysisType;
  onChange: (value: AnalysisType) => void;
  /** Wi-Fi codes are measured only by the secret method. */
  options: readonly AnalysisType[];
  error?: string;
  /** Wi-Fi codes explain the secret method in their own terms (only our reader joins the network). */
  wifi?: boolean;
}

/** Access analysis: none, redirect (any reader, through our URL) or secret (our reader only, raw text). */
export function AnalysisChoice({ value, onChange, options, error, wifi = false }: AnalysisChoiceProps) {
  const { t } = useTranslation('qrcode');
  return (
    <Radio.Group
      label={t('form.analysis_label')}
      value={String(value)}
      onChange={(next) => onChange(Number(next) as AnalysisType)}
      error={error}
    >
      <Stack gap="sm" mt="xs">
        {options.map((option) => (
          <Radio
            key={option}
            value={String(option)}
            label={t(`analysis.${NAMES[option]}`)}
            description={
              wifi && option === ANALYSIS_TYPES.secret
                ? t('analysis.secret_wifi_help')
                : t(`analysis.${NAMES[option]}_help`)
            }
            data-testid={`analysis-${NAMES[option]}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
