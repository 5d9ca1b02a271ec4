import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { usePickWinner } from '../api/ab-tests';

type Letter = (typeof VARIANT_LETTERS)[number];

/** The operator's pick of the winner while a test waits, asked first: the send cannot be undone. */
export function PickWinner(props: { channelId: number; messageId: number; data: AbTestReportAnswer }) {
  const { t } = useTranslation('channel-messages');
  const pick = usePickWinner(props.channelId);
  const letters = props.data.variants.map((f) => f.variant);
  const [letter, setLetter] = useState<Letter>(letters[0] ?? 'A');
  const [asking, setAsking] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const confirm = () =>
    pick.mutate(
      { message_id: props.messageId, variant: letter },
      {
        onSuccess: () => {
          setAsking(false);
          void notify({ message: t('ab_result.picked', { letter }), color: 'teal' });
        },
        onError: (error) => {
          setAsking(false);
          setAlert(errorText(error, t));
        },
      },
    );
  return (
    <Stack gap="xs">
      <FormAlert text={alert} />
      <Group align="flex-end" gap="xs">
        <Select
          label={t('ab_result.pick_variant')}
          data={letters.map((l) => ({ value: l, label: t('ab.variant', { letter: l }) }))}
          value={letter}
          onChange={(l) => l && setLetter(l as Letter)}
          allowDeselect={false}
          w={160}
          data-testid="ab-pick-variant"
        />
        <Button variant="light" onClick={() => setAsking(true)} data-testid="ab-pick">
          {t('ab_result.pick')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('ab_result.pick_title', { letter })}
        confirmLabel={t('ab_result.pick_confirm', { letter })}
        loading={pick.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <Text data-testid="ab-pick-body">{t('ab_result.pick_body', { letter })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
