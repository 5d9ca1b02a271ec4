import { SimpleGrid } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { CodeCard } from './code-card';
import { CodeTable } from './code-table';
import type { CodeSelection } from './select-box';

interface CodeListProps {
  codes: QrCodeDto[];
  caption: string;
  actions: (code: QrCodeDto) => ReactNode;
  /** Cards even on wide screens (the guest history beside the form). */
  cardsOnly?: boolean;
  /** Boxes to choose codes for a bulk download (the member's own list). */
  selection?: CodeSelection;
}

/** A table on wide screens, cards at phone width (767 px and below). */
export function CodeList({ codes, caption, actions, cardsOnly = false, selection }: CodeListProps) {
  const isMobile = useIsMobile();
  if (isMobile || cardsOnly) {
    return (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: cardsOnly ? 2 : 1 }}
        spacing="sm"
        aria-label={caption}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {codes.map((code) => (
          <li key={code.id}>
            <CodeCard code={code} actions={actions(code)} selection={selection} />
          </li>
        ))}
      </SimpleGrid>
    );
  }
  return <CodeTable codes={codes} caption={caption} actions={actions} selection={selection} />;
}
