import { Button, Group } from '@mantine/core';
import { LIMITS } from '@qrqr/shared/limits';
import { useTranslation } from '../lib/use-translation';

interface PagerProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "QRコード一覧のページ". */
  label: string;
}

/** The pages shown as buttons: `LIMITS.paginationButtons` (3) around the current one. */
export function pageWindow(page: number, total: number, size: number = LIMITS.paginationButtons): number[] {
  const count = Math.min(size, total);
  const first = Math.min(Math.max(1, page - Math.floor(count / 2)), Math.max(1, total - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

/** Previous, three page buttons, next; hidden when everything fits on one page. */
export function Pager({ page, total, onChange, label }: PagerProps) {
  const { t } = useTranslation('common');
  if (total <= 1) return null;
  return (
    <Group component="nav" aria-label={label} gap={6} justify="center" wrap="nowrap" data-testid="pager">
      <Button variant="default" size="sm" px="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.prev')}
      </Button>
      {pageWindow(page, total).map((n) => (
        <Button
          key={n}
          size="sm"
          px="sm"
          miw={40}
          variant={n === page ? 'filled' : 'default'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pager.page', { page: n })}
          onClick={() => onChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="default" size="sm" px="sm" disabled={page >= total} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </Group>
  );
}
