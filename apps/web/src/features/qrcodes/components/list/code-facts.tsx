import { Badge, Stack, Text } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { formatDateTime } from '../../../../lib/format-date';
import type { TFunction } from '../../../../lib/translator';
import { useTranslation } from '../../../../lib/use-translation';
import { analysisLabel, contentText, typeLabel } from '../code-labels';
/** Title, or 「タイトルなし」 in grey. */
export function CodeTitle({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  return code.title ? (
    <Text fw={700} size="sm" lineClamp={2} data-testid="code-title">
      {code.title}
    </Text>
  ) : (
    <Text fw={700} size="sm" c="dimmed" data-testid="code-title">
      {t('list.untitled')}
    </Text>
  );
}

export function CodeContent({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  if (code.content_hidden)
    return (
      <Text size="sm" c="dimmed" data-testid="content-hidden">
        {t('list.content_hidden')}
      </Text>
    );
  return (
    <Text size="sm" c="gray.8" lineClamp={2} title={contentText(code)}>
      {contentText(code)}
    </Text>
  );
}

export function TypeBadge({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  // Light badges with the darkest shade as text: the colour tells types apart, the text stays 4.5:1.
  const color = code.tab === 2 ? 'teal' : code.tab === 1 ? 'grape' : 'brand';
  return (
    <Badge
      variant="light"
      color={color}
      bg={`${color}.0`}
      c={`${color}.9`}
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {typeLabel(code, t)}
    </Badge>
  );
}

/** 「あり（リダイレクト方式）」, 「停止中（リダイレクト方式）」 or 「なし」. */
function analysisValue(code: QrCodeDto, t: TFunction): string {
  if (code.analysis) return t('list.analysis_on', { type: analysisLabel(code, t) });
  // Paused on the read-log page: the code still passes through us, but does not count now.
  if (code.analysis_type !== 0) return t('list.analysis_paused', { type: analysisLabel(code, t) });
  return t('list.analysis_off');
}

export function AnalysisText({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  if (code.content_hidden) return <NotShown />;
  return (
    <Text size="sm" c={code.analysis ? undefined : 'dimmed'}>
      {analysisValue(code, t)}
    </Text>
  );
}

/** The read count, or 「計測なし」 for a code without analysis: nothing counts its reads, so 0 would mislead. */
export function ReadsText({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  if (code.content_hidden) return <NotShown />;
  if (code.analysis_type !== 0) return code.total_read_count.toLocaleString();
  return (
    <Text span inherit c="dimmed">
      {t('list.reads_unmeasured')}
    </Text>
  );
}

/** 「非表示」: the read log's facts of a code shared without view. */
function NotShown() {
  const { t } = useTranslation('qrcode');
  return (
    <Text span inherit c="dimmed">
      {t('list.not_shown')}
    </Text>
  );
}

/** Created date and reads on one line, the analysis under them (the phone cards). */
export function CodeMeta({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('qrcode');
  if (code.content_hidden)
    return (
      <Stack gap={0} c="dimmed" fz="xs">
        <span data-testid="code-reads">{formatDateTime(code.created_at)}</span>
      </Stack>
    );
  const analysis = analysisValue(code, t);
  return (
    <Stack gap={0} c="dimmed" fz="xs">
      <span data-testid="code-reads">
        <time>{formatDateTime(code.created_at)}</time>
        {' · '}
        {code.analysis_type !== 0
          ? t('list.reads_count', { n: code.total_read_count.toLocaleString() })
          : t('list.reads_unmeasured_line')}
      </span>
      <span>{t('list.analysis_line', { value: analysis })}</span>
    </Stack>
  );
}
