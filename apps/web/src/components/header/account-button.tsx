import { Button } from '@mantine/core';
import { truncateName } from '@qrqr/shared/text';
import type { ComponentPropsWithRef } from 'react';
import { ChevronDownIcon, UserIcon } from './icons';

type AccountButtonProps = { userName: string } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

/** The member's name that opens the account menu (also shown while the menu's code loads). */
export function AccountButton({ userName, ...rest }: AccountButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<UserIcon />}
      rightSection={<ChevronDownIcon />}
      data-testid="account-menu"
      title={userName}
      {...rest}
    >
      {truncateName(userName)}
    </Button>
  );
}
