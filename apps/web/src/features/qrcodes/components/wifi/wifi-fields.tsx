import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { QR_LIMITS } from '@qrqr/shared/qr-constants';
import type { ChangeWifiProfileBody } from '@qrqr/shared/qrcode-schemas';
import { PasswordField } from '../../../../components/password-field';
import { Controller, type FieldValues, type UseFormReturn } from '../../../../lib/form';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import { ExpiryField } from './expiry-field';

/** The network half of a Wi-Fi profile, as both the create form and the read log's edit hold it. */
export type WifiFieldValues = Pick<
  ChangeWifiProfileBody,
  'name' | 'ssid' | 'password' | 'encryption' | 'hidden'
>;

interface WifiFormProps<T extends FieldValues> {
  /** A form whose values include the Wi-Fi fields; its schema (wifiFields in @qrqr/shared) holds the rules. */
  form: UseFormReturn<T>;
}

// Each form has more fields than these; a generic path cannot show the checker that these exist.
const narrow = <T extends FieldValues>(form: UseFormReturn<T>) =>
  form as unknown as UseFormReturn<WifiFieldValues & { expir_time: number | null }>;

/**
 * Management name, SSID, security type, password and hidden network. Choosing "none" empties the
 * password and hides its box; the password's help follows the security type's length rules.
 */
export function WifiNetworkFields<T extends FieldValues>(props: WifiFormProps<T>) {
  const { t } = useTranslation('qrcode');
  const form = narrow(props.form);
  const { errors } = form.formState;
  const encryption = form.watch('encryption');
  return (
    <>
      <TextInput
        label={t('wifi.name_label')}
        description={t('wifi.name_help', { max: QR_LIMITS.wifiNameMax })}
        {...form.register('name')}
        error={fieldErrorText(t, errors.name?.message)}
      />
      <TextInput
        label={t('wifi.ssid_label')}
        description={t('wifi.ssid_help', { max: QR_LIMITS.ssidMax })}
        required
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        {...form.register('ssid')}
        error={fieldErrorText(t, errors.ssid?.message)}
        data-testid="wifi-ssid"
      />
      <NativeSelect
        label={t('wifi.encryption_label')}
        data={[
          { value: 'WPA', label: t('wifi.encryption_wpa') },
          { value: 'WEP', label: t('wifi.encryption_wep') },
          { value: 'nopass', label: t('wifi.encryption_none') },
        ]}
        {...form.register('encryption', {
          onChange: (event) => {
            if (event.target.value === 'nopass') form.setValue('password', '');
          },
        })}
        error={fieldErrorText(t, errors.encryption?.message)}
      />
      {encryption === 'nopass' ? null : (
        <PasswordField
          label={t('wifi.password_label')}
          required
          description={encryption === 'WEP' ? t('wifi.password_help_wep') : t('wifi.password_help_wpa')}
          autoComplete="off"
          {...form.register('password')}
          error={fieldErrorText(t, errors.password?.message)}
          data-testid="wifi-password"
        />
      )}
      <Checkbox
        label={t('wifi.hidden_label')}
        description={t('wifi.hidden_help')}
        {...form.register('hidden')}
      />
    </>
  );
}

/** The profile's expiry; only a secret code shows it, as only our reader enforces it. */
export function WifiExpiryField<T extends FieldValues>(props: WifiFormProps<T>) {
  const { t } = useTranslation('qrcode');
  const form = narrow(props.form);
  return (
    <Controller
      control={form.control}
      name="expir_time"
      render={({ field, fieldState }) => (
        <ExpiryField
          value={field.value}
          onChange={field.onChange}
          error={fieldErrorText(t, fieldState.error?.message)}
        />
      )}
    />
  );
}
