import { paths } from '@qrqr/shared/paths';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel } from '../../channels';

/** The editor's create-style sub-header: back to the list, the title, the reach and the save button. */
export function EditorFrame({
  editing,
  children,
  actions,
  counts,
}: {
  editing: boolean;
  children: ReactNode;
  actions?: ReactNode;
  counts?: ReactNode;
}) {
  const { t } = useTranslation('sendlists');
  const { href } = useCurrentChannel();
  return (
    <ChannelPage
      title={t(editing ? 'edit.update_title' : 'edit.create_title')}
      back={
        <ButtonLink
          href={href(paths.channelSendlistList)}
          variant="subtle"
          px="xs"
          aria-label={t('edit.back')}
        >
          ←
        </ButtonLink>
      }
      actions={actions}
      counts={counts}
      data-testid="sendlist-editor"
    >
      {children}
    </ChannelPage>
  );
}
