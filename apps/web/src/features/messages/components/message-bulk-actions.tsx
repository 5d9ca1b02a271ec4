import { Button, Checkbox, Group } from '@mantine/core';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { Selection } from '../../../components/selectable-list/selection';
import { useTranslation } from '../../../lib/use-translation';

/** Above the message list: select the page's messages, revert the reserved ones chosen, delete the chosen. */
export function MessageBulkActions(props: {
  messages: MessageDto[];
  selection: Selection;
  chosen: MessageDto[];
  chosenReserved: MessageDto[];
  onRevert: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('channel-messages');
  const { chosen, chosenReserved } = props;
  return (
    <Group justify="space-between" gap="sm">
      <Checkbox
        label={t('list.select_all')}
        {...props.selection.allCheck(props.messages.map((m) => m.message_id))}
        data-testid="message-select-all"
      />
      <Group gap="xs">
        <Button
          variant="outline"
          disabled={chosenReserved.length === 0}
          onClick={props.onRevert}
          data-testid="message-revert-selected"
        >
          {t('list.revert_selected', { count: chosenReserved.length })}
        </Button>
        <Button
          color="red.9"
          variant="outline"
          disabled={chosen.length === 0}
          onClick={props.onDelete}
          data-testid="message-delete"
        >
          {t('list.delete_selected', { count: chosen.length })}
        </Button>
      </Group>
    </Group>
  );
}
