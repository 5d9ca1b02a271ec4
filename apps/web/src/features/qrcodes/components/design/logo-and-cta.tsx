import { NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  CTA_IDS,
  CTA_PHRASES,
  type CtaId,
  EC_CAPACITY,
  ecLevelOf,
  LOGO_SIZES,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import { utf8Length } from '@qrqr/shared/text';
import { useTranslation } from '../../../../lib/use-translation';
import type { LogoChoice } from '../../api/logo-choices';
import { LogoPictures } from './logo-pictures';
import { LogoUpload } from './logo-upload';

/** The logo select's value for a picture of the member's own. */
const UPLOADED = 'uploaded';

interface LogoAndCtaProps {
  design: QrDesign;
  payload: string;
  isGuest: boolean;
  choices: LogoChoice[] | undefined;
  /** A Wi-Fi code wears its own frame: no call to action then. */
  framed: boolean;
  onChange: (patch: Partial<QrDesign>) => void;
}

/**
 * The centre logo (a channel's icon, or a picture the member uploads) and its size, and the frame's
 * call to action.
 */
export function LogoAndCta({ design, payload, isGuest, choices, framed, onChange }: LogoAndCtaProps) {
  const { t } = useTranslation('qrdesign');
  const { logo } = design;
  // A picture of the member's own is one choice of its own, beside the channels' icons.
  const logoValue = logo ? (logo.source === 'channel' ? String(logo.channel_id) : UPLOADED) : '';
  const bytes = utf8Length(payload);
  const max = EC_CAPACITY[ecLevelOf(design)];
  // The frame prints the phrase as written; in English a Japanese phrase says what it means.
  const chooseImage = (imageUrl: string) => onChange({ logo: { source: 'image', image_url: imageUrl } });
  const ctaLabel = (id: CtaId) =>
    /^[\x20-\x7e]*$/.test(CTA_PHRASES[id]) ? CTA_PHRASES[id] : t(`design.cta_label_${id}`);
  return (
    <Stack gap="sm">
      {isGuest ? (
        <Text size="sm" c="dimmed">
          {t('design.logo_guest')}
        </Text>
      ) : (
        <>
          <NativeSelect
            label={t('design.logo')}
            value={logoValue}
            onChange={(e) => {
              const { value } = e.currentTarget;
              if (value === UPLOADED) return;
              const id = Number(value);
              onChange({ logo: id ? { source: 'channel', channel_id: id } : null });
            }}
            data={[
              { value: '', label: t('design.logo_none') },
              ...(choices ?? []).map((c) => ({
                value: String(c.channelId),
                label: t('design.logo_channel', { name: c.name }),
              })),
              ...(logo?.source === 'image' ? [{ value: UPLOADED, label: t('design.logo_uploaded') }] : []),
            ]}
            description={choices && choices.length === 0 ? t('design.logo_empty') : undefined}
            data-testid="design-logo"
          />
          <LogoUpload onUploaded={chooseImage} />
          <LogoPictures
            chosen={logo?.source === 'image' ? logo.image_url : null}
            onChoose={chooseImage}
            onDeleted={(imageUrl) => {
              if (logo?.source === 'image' && logo.image_url === imageUrl) onChange({ logo: null });
            }}
          />
          {design.logo ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('design.logo_size')}
              </Text>
              <SegmentedControl
                fullWidth
                value={design.logo_size}
                onChange={(v) => onChange({ logo_size: v as QrDesign['logo_size'] })}
                data={LOGO_SIZES.map((s) => ({ value: s, label: t(`design.logo_${s}`) }))}
                data-testid="design-logo-size"
              />
              {bytes > max ? (
                <Text size="sm" c="red" role="alert">
                  {t('design.logo_capacity', { max, bytes })}
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </>
      )}
      {framed ? null : (
        <NativeSelect
          label={t('design.cta')}
          value={design.cta ?? ''}
          onChange={(e) => onChange({ cta: (e.currentTarget.value || null) as QrDesign['cta'] })}
          data={[
            { value: '', label: t('design.cta_none') },
            ...CTA_IDS.map((id) => ({ value: id, label: ctaLabel(id) })),
          ]}
          data-testid="design-cta"
        />
      )}
    </Stack>
  );
}
