import { Button, Checkbox, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { SHARE_LIMITS, SHARE_PERMISSIONS, type SharePermission } from '@qrqr/shared/sharing-constants';
import { useState } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { useShareInput } from '../api/share-calls';
import { type InviteErrors, inviteErrors, inviteErrorsFromApi, splitAddresses } from './invite-errors';
import { permissionLabel } from './permission-labels';

interface InviteFormProps {
  qrId: string;
  /** What the inviter holds: a recipient may pass on only these. */
  grantable: readonly SharePermission[];
}

const NO_ERRORS: InviteErrors = { addresses: [] };

/**
 * Addresses and permissions; every rule (a permission chosen, at most 30 addresses, no duplicates,
 * not yourself) is checked here first, then by the server.
 */
export function InviteForm({ qrId, grantable }: InviteFormProps) {
  const { t } = useTranslation('sharing');
  const [addresses, setAddresses] = useState('');
  const [permissions, setPermissions] = useState<string[]>(['view']);
  const [errors, setErrors] = useState<InviteErrors>(NO_ERRORS);
  const input = useShareInput(qrId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const emails = splitAddresses(addresses);
    const body = { emails, permissions: permissions as SharePermission[] };
    const { shareInputBody } = await import('../../../lib/form-schemas');
    const checked = shareInputBody.safeParse({ id: qrId, ...body });
    if (!checked.success) {
      setErrors(inviteErrors(checked.error.issues, emails, t));
      return;
    }
    setErrors(NO_ERRORS);
    input.mutate(body, {
      onSuccess: ({ invited }) => {
        setAddresses('');
        void notify({
          color: 'teal',
          message: t('form.sent', { count: invited }),
          closeButtonProps: { 'aria-label': t('common:close') },
        });
      },
      onError: (error) => setErrors(inviteErrorsFromApi(error, emails, t)),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="share-form">
      <Stack gap="sm">
        <FormAlert text={errors.alert ?? null} />
        <Textarea
          label={t('form.addresses')}
          description={t('form.addresses_hint', { max: SHARE_LIMITS.maxAddresses })}
          placeholder="colleague@example.com"
          autosize
          minRows={2}
          maxRows={8}
          value={addresses}
          onChange={(e) => setAddresses(e.currentTarget.value)}
          error={errors.emails}
          data-testid="share-addresses"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
        />
        {errors.addresses.length ? (
          <List size="sm" c="red.9" spacing={2} data-testid="share-address-errors" aria-live="polite">
            {errors.addresses.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : null}
        <Checkbox.Group
          label={t('form.permissions')}
          value={permissions}
          onChange={setPermissions}
          error={errors.permissions}
          data-testid="share-permissions"
        >
          <Stack gap={6} mt={6}>
            {SHARE_PERMISSIONS.map((p) => (
              <Checkbox
                key={p}
                value={p}
                label={permissionLabel(p, t)}
                description={t(`permission_hint.${p}`)}
                disabled={!grantable.includes(p)}
                data-testid={`share-permission-${p}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="dimmed">
          {t('form.mail_note')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={input.isPending} data-testid="share-submit">
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
