import { Menu } from '@mantine/core';
import type { PageParams } from '@qrqr/shared/page-params';
import { Link } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { AccountButton } from './account-button';
import { accountLinks } from './header-links';

interface AccountMenuProps {
  params: PageParams;
  onLogout: () => void;
  /** Open at once: the member clicked the button while the menu's code was loading. */
  defaultOpened?: boolean;
}

export function AccountMenu({ params, onLogout, defaultOpened = false }: AccountMenuProps) {
  const { t } = useTranslation('common');
  return (
    // No focus placeholder: it is a focusable node without a role inside role="menu" (axe critical).
    <Menu
      position="bottom-end"
      width={220}
      shadow="md"
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <AccountButton userName={params.userName} />
      </Menu.Target>
      <Menu.Dropdown>
        {accountLinks.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {t(item.labelKey)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onLogout} data-testid="logout">
          {t('account_menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
