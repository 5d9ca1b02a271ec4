import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { type QrCodeDto, qrAnalyticsPath } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canChangeRedirect } from '../code-labels';

export type CodeAction = 'title' | 'redirect' | 'download' | 'delete';

interface RowActionsProps {
  code: QrCodeDto;
  onAction: (action: CodeAction, code: QrCodeDto) => void;
}

/** The member's actions on one code; the owner's only, except download (shared codes). */
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
        <Menu.Item component={Link} to={qrAnalyticsPath(code.id)} data-testid="action-analytics">
          {t('list.action_analytics')}
        </Menu.Item>
        <Menu.Item onClick={() => onAction('download', code)} data-testid="action-download">
          {t('list.action_download')}
        </Menu.Item>
        {code.is_owner ? (
          <Menu.Item onClick={() => onAction('title', code)} data-testid="action-title">
            {t('list.action_title')}
          </Menu.Item>
        ) : null}
        {canChangeRedirect(code) ? (
          <Menu.Item onClick={() => onAction('redirect', code)} data-testid="action-redirect">
            {t('list.action_redirect')}
          </Menu.Item>
        ) : null}
        {code.is_owner ? (
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
