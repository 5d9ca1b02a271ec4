import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { WelcomePage, type WelcomePageData } from '../../../cards/welcome-page';
import { useTranslation } from '../../../lib/use-translation';
import { useGuestTexts } from './guest-texts';

/** The two phone sizes the owner checks (CSS pixels). */
const SIZES = { small: { width: 360, height: 640 }, large: { width: 390, height: 844 } } as const;

/**
 * The guest's page itself, in a phone-sized frame, updating as the owner types. Its network is the
 * first linked code's (`ssid`), or a placeholder until a code is linked.
 */
export function PhonePreview({
  page,
  codeImageUrl,
  ssid,
}: {
  page: WelcomePageData;
  codeImageUrl: string | null;
  ssid: string | null;
}) {
  const { t } = useTranslation('wifi');
  const [size, setSize] = useState<keyof typeof SIZES>('small');
  const { text, couponText, locale } = useGuestTexts();
  const { width, height } = SIZES[size];
  return (
    <Stack gap="xs" align="center">
      <Text fw={700}>{t('create.preview')}</Text>
      <SegmentedControl
        aria-label={t('create.preview_size')}
        value={size}
        onChange={(v) => setSize(v as keyof typeof SIZES)}
        data={[
          { value: 'small', label: '360×640' },
          { value: 'large', label: '390×844' },
        ]}
      />
      <div
        data-testid="wifi-preview"
        data-size={`${width}x${height}`}
        style={{
          width,
          height,
          maxWidth: '100%',
          overflowY: 'auto',
          border: '8px solid #1f2328',
          borderRadius: 24,
          boxSizing: 'content-box',
        }}
      >
        <WelcomePage
          page={page}
          text={text}
          couponText={couponText}
          locale={locale}
          codeImageUrl={codeImageUrl}
          network={{ ssid: ssid || t('create.preview_ssid'), password: '••••••••', expires: null }}
          onFollow={() => undefined}
        />
      </div>
    </Stack>
  );
}
