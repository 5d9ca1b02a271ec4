import { useState } from 'react';

/** Chosen row ids; a Set so a row's box is one lookup. */
export type Selected = ReadonlySet<number>;

/** The selection with one id added, or removed if it was there. */
export function toggled(selected: Selected, id: number): Selected {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The selection with every id added (on) or removed; ids outside them keep their state. */
export function withAll(selected: Selected, ids: readonly number[], on: boolean): Selected {
  const next = new Set(selected);
  for (const id of ids) on ? next.add(id) : next.delete(id);
  return next;
}

/** The select-all box: ticked when every shown row is chosen, dashed when only some are. */
export function selectAllState(selected: Selected, ids: readonly number[]) {
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));
  return { checked: all, indeterminate: some && !all };
}

export interface Selection {
  selected: Selected;
  toggle: (id: number) => void;
  setAll: (ids: readonly number[], on: boolean) => void;
  clear: () => void;
}

/** A list's chosen rows; it outlives a search or a page change, so the choice carries across. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<Selected>(() => new Set());
  return {
    selected,
    toggle: (id) => setSelected((s) => toggled(s, id)),
    setAll: (ids, on) => setSelected((s) => withAll(s, ids, on)),
    clear: () => setSelected(new Set()),
  };
}
