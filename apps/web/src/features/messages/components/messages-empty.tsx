import { Paper, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentChannel } from '../../channels';

/** The message list with nothing to show: none yet, or none of the status chosen. */
export function MessagesEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation('channel-messages');
  const { href } = useCurrentChannel();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="messages-empty">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} fz="lg">
          {t(filtered ? 'list.empty_filtered' : 'list.empty_title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('list.empty_text')}
        </Text>
        <ButtonLink href={href(paths.channelMessageCreate)}>{t('list.create')}</ButtonLink>
      </Stack>
    </Paper>
  );
}
