import { Table } from '@mantine/core';
import type { WifiProfileDto } from '@qrqr/shared/qrcode-schemas';
import { useTranslation } from '../../../../lib/use-translation';

/** The settings the code hands out now, beside the form for the new ones. */
export function WifiCurrent({ wifi }: { wifi: WifiProfileDto }) {
  const { t } = useTranslation(['readlog', 'qrcode']);
  const encryption = {
    WPA: t('qrcode:wifi.encryption_wpa'),
    WEP: t('qrcode:wifi.encryption_wep'),
    nopass: t('qrcode:wifi.encryption_none'),
  }[wifi.encryption];
  const rows: Array<[string, string]> = [
    [t('wifi.name'), wifi.name || t('wifi.none')],
    [t('wifi.ssid'), wifi.ssid],
    [t('wifi.encryption'), encryption],
    [t('wifi.password'), wifi.encryption === 'nopass' ? t('wifi.none') : wifi.password],
    [t('wifi.hidden'), wifi.hidden ? t('wifi.yes') : t('wifi.no')],
    [
      t('wifi.expiry'),
      wifi.expir_time === null ? t('wifi.forever') : t('wifi.hours', { count: wifi.expir_time }),
    ],
  ];
  return (
    <Table fz="sm" withRowBorders verticalSpacing={6} data-testid="wifi-current">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" fw={600}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
