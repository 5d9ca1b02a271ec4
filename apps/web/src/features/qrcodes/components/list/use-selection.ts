import { useState } from 'react';
import type { CodeSelection } from './select-box';

/** The codes chosen for a bulk download, kept across the list's pages until cleared. */
export function useSelection(): CodeSelection & {
  count: number;
  ids: () => string[];
  selectAll: (ids: string[]) => void;
  clear: () => void;
} {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  return {
    count: chosen.size,
    isSelected: (id) => chosen.has(id),
    toggle: (id) =>
      setChosen((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    selectAll: (ids) => setChosen((current) => new Set([...current, ...ids])),
    clear: () => setChosen(new Set()),
    ids: () => [...chosen],
  };
}
