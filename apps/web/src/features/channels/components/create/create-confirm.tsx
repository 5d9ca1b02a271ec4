import { Stack, Table, Text } from '@mantine/core';
import { CHANNEL_USER_TYPES } from '@qrqr/shared/channel-constants';
import type { IndustryDto } from '@qrqr/shared/channel-schemas';
import { useTranslation } from '../../../../lib/use-translation';
import { type CreateValues, industryNames } from './create-values';

/** Step 2 (confirmation): what will be created, as entered. */
export function CreateConfirm({ values, industries }: { values: CreateValues; industries: IndustryDto[] }) {
  const { t } = useTranslation('channels');
  const names = industryNames(industries, values);
  const company = values.channel_user_type === String(CHANNEL_USER_TYPES.company);
  const rows: Array<[string, string, string]> = [
    ['name', t('create.name'), values.channel_name.trim()],
    ['user-type', t('create.user_type'), company ? t('create.company') : t('create.individual')],
    ['industry', t('create.industry'), names.industry || t('create.none')],
    ['sub-industry', t('create.sub_industry'), names.sub || t('create.none')],
  ];
  return (
    <Stack gap="sm">
      <Text>{t('create.confirm_lead')}</Text>
      <Table variant="vertical" withTableBorder layout="fixed" data-testid="create-confirm">
        <Table.Tbody>
          {rows.map(([key, label, value]) => (
            <Table.Tr key={key}>
              <Table.Th w={{ base: 110, sm: 160 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={`confirm-${key}`}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
