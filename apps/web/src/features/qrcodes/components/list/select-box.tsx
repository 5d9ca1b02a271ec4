import { Checkbox } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useTranslation } from '../../../../lib/use-translation';

/** Which codes are chosen for a bulk download; the list shows a box per code when given. */
export interface CodeSelection {
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
}

/** The box that chooses one code, named by its title for screen readers. */
export function SelectBox({ code, selection }: { code: QrCodeDto; selection: CodeSelection }) {
  const { t } = useTranslation('qrbulk');
  return (
    <Checkbox
      checked={selection.isSelected(code.id)}
      onChange={() => selection.toggle(code.id)}
      aria-label={t('toolbar.select_code', { title: code.title || code.id })}
      data-testid="code-select"
    />
  );
}
