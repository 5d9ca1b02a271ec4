import { Text } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useTranslation } from '../../../lib/use-translation';
import { permissionList } from './permission-labels';

/** A shared code's owner and what the viewer may do, under its title in the shared tab. */
export function SharedBy({ code }: { code: QrCodeDto }) {
  const { t } = useTranslation('sharing');
  if (code.is_owner) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="code-shared-by">
      {t('row.owner', { name: code.owner_name || t('access.unnamed') })}
      {' · '}
      <span data-testid="code-permissions">{permissionList(code.permissions ?? [], t)}</span>
    </Text>
  );
}
