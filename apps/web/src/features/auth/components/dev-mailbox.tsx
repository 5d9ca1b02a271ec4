import { Anchor } from '@mantine/core';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';

// A server page, not a screen of this app (so not in `paths`), listing outgoing mail outside production.
const DEV_MAILBOX = '/dev/mailbox';

/** The dev mailbox as a button among a "sent" screen's actions. */
export function DevMailboxButton() {
  const { t } = useTranslation('auth');
  const { params } = useSession();
  if (!params.devMailbox) return null;
  return (
    <ButtonLink href={DEV_MAILBOX} variant="default">
      {t('dev_mailbox')}
    </ButtonLink>
  );
}

/** The dev mailbox as a small link under the text. */
export function DevMailboxLink() {
  const { t } = useTranslation('auth');
  const { params } = useSession();
  if (!params.devMailbox) return null;
  return (
    <Anchor href={DEV_MAILBOX} size="sm">
      {t('dev_mailbox')}
    </Anchor>
  );
}
