import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { isAppScreen } from '../lib/app-screen';
import { Link } from '../lib/router';

type ButtonLinkProps = ButtonProps & {
  href: string;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
};

/**
 * A button that navigates: client-side for screens of this app, a plain link (full page load) for
 * server pages and external addresses that come from the page parameters.
 */
export function ButtonLink({ href, ...props }: ButtonLinkProps) {
  if (isAppScreen(href)) return <Button component={Link} to={href} {...props} />;
  return <Button component="a" href={href} {...props} />;
}
