import { Alert, Button, Divider, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { QR_TYPES } from '@qrqr/shared/qr-constants';
import { DESIGN_PRESETS, designProblems, type QrDesign } from '@qrqr/shared/qr-design-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useState } from 'react';
import { errorText } from '../../../../lib/error-text';
import { useScreenTexts } from '../../../../lib/use-screen-texts';
import { useTranslation } from '../../../../lib/use-translation';
import { useLogoChoices } from '../../api/logo-choices';
import { useUpdateDesign } from '../../api/update-design';
import { QrImage } from '../qr-image';
import { DesignFields, startingDesign } from './design-fields';
import { LogoAndCta } from './logo-and-cta';
import { SavedStyles } from './saved-styles';
import { useDesignLogo } from './use-design-logo';

interface DesignPanelProps {
  code: QrCodeDto;
  isGuest: boolean;
  /** The code as saved, with its new design. */
  onSaved: (code: QrCodeDto) => void;
}

/**
 * The design of one code, drawn live by the same renderer as the downloads. Colours that would
 * make an unreadable code are named under their field and the design cannot be saved.
 */
export default function DesignPanel(props: DesignPanelProps) {
  // Its texts (and the server's refusals in them) load with it, never with the first visit.
  const ready = useScreenTexts('qrdesign');
  return ready ? <DesignForm {...props} /> : <Loader size="sm" mx="auto" />;
}

function DesignForm({ code, isGuest, onSaved }: DesignPanelProps) {
  const { t } = useTranslation('qrdesign');
  const [design, setDesign] = useState<QrDesign>(startingDesign(code.design));
  const choices = useLogoChoices(!isGuest);
  const update = useUpdateDesign();
  const problems = designProblems(design);
  const logo = useDesignLogo(design, isGuest);
  const change = (patch: Partial<QrDesign>) => {
    update.reset();
    setDesign((d) => ({ ...d, ...patch }));
  };
  const save = (next: QrDesign | null) =>
    update.mutate({ id: code.id, design: next }, { onSuccess: (saved) => onSaved(saved) });

  return (
    <Stack gap="md" data-testid="design-panel">
      <Text size="sm">{t('design.intro')}</Text>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('design.presets')}
        </Text>
        <Group gap={6}>
          {Object.entries(DESIGN_PRESETS).map(([name, preset]) => (
            <Button
              key={name}
              size="compact-sm"
              variant="default"
              onClick={() => change({ ...preset, logo: design.logo, logo_size: design.logo_size })}
              data-testid={`design-preset-${name}`}
            >
              {t(`design.preset_${name}`)}
            </Button>
          ))}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs" align="center">
          <QrImage
            bordered
            code={{ ...code, design }}
            width={220}
            logo={logo}
            alt={t('design.preview_alt')}
            testId="design-preview"
          />
        </Stack>
        <Stack gap="md">
          <DesignFields design={design} problems={problems} onChange={change} />
          <LogoAndCta
            design={design}
            payload={code.payload}
            isGuest={isGuest}
            choices={choices.data}
            framed={code.type === QR_TYPES.wifi}
            onChange={change}
          />
        </Stack>
      </SimpleGrid>
      {update.error ? (
        <Alert color="red" role="alert">
          {errorText(update.error, t)}
        </Alert>
      ) : null}
      {update.isSuccess ? (
        <Text size="sm" c="teal" role="status" data-testid="design-saved">
          {t('design.saved')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="subtle" onClick={() => save(null)} disabled={update.isPending}>
          {t('design.reset')}
        </Button>
        <Button
          onClick={() => save(design)}
          loading={update.isPending}
          disabled={problems.length > 0}
          data-testid="design-save"
        >
          {t('design.save')}
        </Button>
      </Group>
      <Divider />
      {isGuest ? (
        <Text size="sm" c="dimmed">
          {t('design.styles_guest')}
        </Text>
      ) : (
        <SavedStyles design={design} valid={problems.length === 0} onApply={(d) => change(d)} />
      )}
    </Stack>
  );
}
