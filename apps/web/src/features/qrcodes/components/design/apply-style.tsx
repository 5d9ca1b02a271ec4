import { Button, Group, NativeSelect } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useState } from 'react';
import { errorText } from '../../../../lib/error-text';
import { useScreenTexts } from '../../../../lib/use-screen-texts';
import { useTranslation } from '../../../../lib/use-translation';
import { useStyles } from '../../api/qr-styles';
import { useUpdateDesign } from '../../api/update-design';

interface ApplyStyleProps {
  code: QrCodeDto;
  onApplied: (code: QrCodeDto) => void;
}

/**
 * A member's saved styles offered on the code just made: one choice dresses it (nothing shows
 * while the member has none). Loaded with the result card's first member code, with its texts.
 */
export default function ApplyStyle(props: ApplyStyleProps) {
  return useScreenTexts('qrdesign') ? <ApplyStyleForm {...props} /> : null;
}

function ApplyStyleForm({ code, onApplied }: ApplyStyleProps) {
  const { t } = useTranslation('qrdesign');
  const styles = useStyles(true);
  const update = useUpdateDesign();
  const [chosen, setChosen] = useState('');
  const style = styles.data?.find((s) => String(s.id) === chosen);
  if (!styles.data?.length) return null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" data-testid="apply-style">
      <NativeSelect
        label={t('design.apply_to_new')}
        style={{ flex: 1, minWidth: 0 }}
        value={chosen}
        onChange={(e) => setChosen(e.currentTarget.value)}
        data={[
          { value: '', label: t('design.style_choose') },
          ...styles.data.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        error={update.error ? errorText(update.error, t) : undefined}
        data-testid="apply-style-select"
      />
      <Button
        variant="light"
        disabled={!style}
        loading={update.isPending}
        onClick={() =>
          style && update.mutate({ id: code.id, design: style.design }, { onSuccess: onApplied })
        }
        data-testid="apply-style-button"
      >
        {t('design.style_apply')}
      </Button>
    </Group>
  );
}
