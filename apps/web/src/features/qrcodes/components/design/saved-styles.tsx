import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { DESIGN_LIMITS, type QrDesign } from '@qrqr/shared/qr-design-constants';
import { useState } from 'react';
import { errorText } from '../../../../lib/error-text';
import { useTranslation } from '../../../../lib/use-translation';
import { useDeleteStyle, useSaveStyle, useStyles } from '../../api/qr-styles';

interface SavedStylesProps {
  design: QrDesign;
  /** False when the current design would be refused (nothing to save). */
  valid: boolean;
  onApply: (design: QrDesign) => void;
}

/** A member's named styles: apply one to this code, keep the current design as one, delete one. */
export function SavedStyles({ design, valid, onApply }: SavedStylesProps) {
  const { t } = useTranslation('qrdesign');
  const styles = useStyles(true);
  const save = useSaveStyle();
  const remove = useDeleteStyle();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const style = styles.data?.find((s) => String(s.id) === chosen);
  const failure = save.error ?? remove.error;

  return (
    <Stack gap="xs" data-testid="saved-styles">
      <Text size="sm" fw={600}>
        {t('design.styles')}
      </Text>
      {styles.data && styles.data.length > 0 ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            aria-label={t('design.style_choose')}
            style={{ flex: 1, minWidth: 0 }}
            value={chosen}
            onChange={(e) => setChosen(e.currentTarget.value)}
            data={[
              { value: '', label: t('design.style_choose') },
              ...styles.data.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            data-testid="style-select"
          />
          <Button variant="light" disabled={!style} onClick={() => style && onApply(style.design)}>
            {t('design.style_apply')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            disabled={!style}
            loading={remove.isPending}
            onClick={() => style && remove.mutate(style.id, { onSuccess: () => setChosen('') })}
          >
            {t('design.style_delete')}
          </Button>
        </Group>
      ) : null}
      {/* The button goes under the name when both do not fit on one line (a phone). */}
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('design.style_name')}
          style={{ flex: '1 1 12rem' }}
          value={name}
          maxLength={DESIGN_LIMITS.styleNameMax}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="style-name"
        />
        <Button
          variant="default"
          disabled={!valid || name.trim() === ''}
          loading={save.isPending}
          onClick={() => save.mutate({ name: name.trim(), design }, { onSuccess: () => setName('') })}
          data-testid="style-save"
        >
          {t('design.style_save')}
        </Button>
      </Group>
      {failure ? (
        <Text size="sm" c="red" role="alert">
          {errorText(failure, t)}
        </Text>
      ) : null}
    </Stack>
  );
}
