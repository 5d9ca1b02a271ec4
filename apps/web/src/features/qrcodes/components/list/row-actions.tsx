import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { qrAnalyticsPath } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { Link } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/use-translation';
import { mayDo } from '../../../sharing';
import { canChangeRedirect } from '../code-labels';

export type CodeAction = 'title' | 'redirect' | 'download' | 'delete' | 'share';

interface RowActionsProps {
  code: QrCodeDto;
  onAction: (action: CodeAction, code: QrCodeDto) => void;
}

/**
 * The member's actions on one code: everything for the owner; on a shared code only what the
 * share permits (download needs view, title edit title, delete delete code, sharing add/delete
 * users); changing the destination stays the owner's.
 */
export function RowActions({ code, onAction }: RowActionsProps) {
  const { t } = useTranslation('qrcode');
  const name = code.title || t('list.untitled');
  return (
    <Menu position="bottom-end" width={220} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" size="xs" data-testid="row-actions">
          {t('list.actions')}
          <VisuallyHidden>{t('list.actions_for', { name })}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {mayDo(code, 'view') ? (
          <Menu.Item component={Link} to={qrAnalyticsPath(code.id)} data-testid="action-analytics">
            {t('list.action_analytics')}
          </Menu.Item>
        ) : null}
        {mayDo(code, 'view') ? (
          <Menu.Item onClick={() => onAction('download', code)} data-testid="action-download">
            {t('list.action_download')}
          </Menu.Item>
        ) : null}
        {mayDo(code, 'edit_title') ? (
          <Menu.Item onClick={() => onAction('title', code)} data-testid="action-title">
            {t('list.action_title')}
          </Menu.Item>
        ) : null}
        {canChangeRedirect(code) ? (
          <Menu.Item onClick={() => onAction('redirect', code)} data-testid="action-redirect">
            {t('list.action_redirect')}
          </Menu.Item>
        ) : null}
        {code.is_owner || (code.permissions ?? []).length > 0 ? (
          <Menu.Item onClick={() => onAction('share', code)} data-testid="action-share">
            {mayDo(code, 'manage_users') ? t('sharing:action_manage') : t('sharing:action_view')}
          </Menu.Item>
        ) : null}
        {mayDo(code, 'delete_code') ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red.9" onClick={() => onAction('delete', code)} data-testid="action-delete">
              {t('list.action_delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
