import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { isApiError } from '../../../lib/api-client';
import type { LinkParams } from '../api/activation-check';
import { AuthCard } from './auth-card';
import { LinkError, type LinkErrorProps } from './link-error';

interface CheckedLinkProps<T> {
  title: string;
  /** Shown above the form; left out once the link turns out bad. */
  lead: string;
  link: LinkParams | null;
  /** The query that asks the server whether `link` is still good. */
  check: UseQueryResult<T>;
  /** The result code for a wrong, used or expired link of this kind (E-102, E-103). */
  badLinkCode: string;
  linkError: LinkErrorProps;
  /** The form, once the link is known to be good. */
  children: (checked: { link: LinkParams; data: T; onLinkExpired: () => void }) => ReactNode;
}

/**
 * A screen opened from a mail link. The link is checked first so a bad one shows the wrong-link text
 * instead of a form that can only fail.
 */
export function CheckedLink<T>({
  title,
  lead,
  link,
  check,
  badLinkCode,
  linkError,
  children,
}: CheckedLinkProps<T>) {
  // The link can also expire between the check and the submission.
  const [expired, setExpired] = useState(false);
  const badLink =
    link === null ||
    expired ||
    (check.isError && isApiError(check.error) && check.error.code === badLinkCode);

  let body: ReactNode;
  if (badLink) {
    body = <LinkError {...linkError} />;
  } else if (check.isPending) {
    body = <PageLoader />;
  } else if (check.isError) {
    body = <RetryAlert error={check.error} onRetry={() => void check.refetch()} />;
  } else {
    body = children({ link, data: check.data, onLinkExpired: () => setExpired(true) });
  }

  return (
    <AuthCard title={title} lead={badLink ? undefined : lead}>
      {body}
    </AuthCard>
  );
}
