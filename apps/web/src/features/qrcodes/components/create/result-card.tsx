import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithTimeout } from '../../../../lib/lazy-with-timeout';
import { Link } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/use-translation';
import { analysisLabel, contentText, typeLabel } from '../code-labels';
import { useDesignLogo } from '../design/use-design-logo';
import { LazyDownloadDialog } from '../download/lazy-download-dialog';
import { QrImage } from '../qr-image';
import { ShortLink } from '../short-link';

// A member's saved styles, offered on the code just made; its code and texts load only for members.
const ApplyStyle = lazyWithTimeout(() => import('../design/apply-style'));

interface ResultCardProps {
  code: QrCodeDto;
  isGuest: boolean;
  onContinue: () => void;
}

function Detail({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
        {children}
      </Text>
    </Stack>
  );
}

/** The code just made: its preview, what it holds, and the next steps (download, make another). */
export function ResultCard({ code: made, isGuest, onContinue }: ResultCardProps) {
  const { t } = useTranslation('qrcode');
  const [downloading, setDownloading] = useState(false);
  // The code as last saved: a design chosen in the dialog shows here too.
  const [code, setCode] = useState(made);
  const logo = useDesignLogo(code.design, isGuest);
  const heading = useRef<HTMLHeadingElement>(null);

  // Tell keyboard and screen-reader users where the result is.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack gap="lg" data-testid="result-card">
      <Title order={2} fz="xl" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('result.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Paper withBorder radius="md" p="md" style={{ display: 'flex', justifyContent: 'center' }}>
          <QrImage
            code={code}
            logo={logo}
            width={240}
            alt={t('result.image_alt', { content: contentText(code) })}
            testId="result-image"
          />
        </Paper>
        <Stack gap="sm">
          {code.title ? <Detail label={t('result.title_label')}>{code.title}</Detail> : null}
          <Detail label={t('result.type_label')}>{typeLabel(code, t)}</Detail>
          <Detail label={t('result.content_label')} testId="result-content">
            {contentText(code)}
          </Detail>
          <Stack gap={2}>
            <Detail label={t('result.analysis_label')} testId="result-analysis">
              {analysisLabel(code, t)}
            </Detail>
            {/* Without analysis nothing counts reads: say so rather than let a list show 0 later. */}
            {code.analysis ? null : (
              <Text size="xs" c="dimmed" data-testid="result-reads-unmeasured">
                {t('result.reads_unmeasured')}
              </Text>
            )}
          </Stack>
          {code.redirect_url ? (
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={600}>
                {t('result.redirect_label')}
              </Text>
              <ShortLink code={code} urlTestId="result-redirect" />
            </Stack>
          ) : null}
        </Stack>
      </SimpleGrid>
      {isGuest || !code.is_owner ? null : (
        <Suspense fallback={null}>
          <ApplyStyle code={code} onApplied={setCode} />
        </Suspense>
      )}
      {isGuest ? (
        <Text size="sm" c="dimmed">
          {t('result.guest_note')}
        </Text>
      ) : (
        <Text size="sm">
          <Anchor component={Link} to={paths.qrList}>
            {t('result.to_list')}
          </Anchor>
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="md" onClick={onContinue} data-testid="create-another">
          {t('result.continue')}
        </Button>
        <Button size="md" onClick={() => setDownloading(true)} data-testid="result-download">
          {t('result.download')}
        </Button>
      </Group>
      <LazyDownloadDialog
        code={downloading ? code : null}
        onClose={() => setDownloading(false)}
        onChange={setCode}
      />
    </Stack>
  );
}
