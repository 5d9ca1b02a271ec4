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

/**
 * The chosen ones among `items`, in their order. Only items still listed count: an id whose item
 * went away (deleted in another tab) drops out of what is shown, counted and deleted.
 */
export function chosenAmong<T>(selected: Selected, items: readonly T[], itemId: (item: T) => number): T[] {
  return items.filter((item) => selected.has(itemId(item)));
}

/** What a row's own checkbox needs; the row decides its label and where it sits. */
export interface RowCheck {
  checked: boolean;
  onChange: () => void;
}

/** The select-all box: its state and what ticking or clearing it does. */
export interface AllCheck extends ReturnType<typeof selectAllState> {
  onChange: (event: { currentTarget: { checked: boolean } }) => void;
}

export interface Selection {
  selected: Selected;
  toggle: (id: number) => void;
  setAll: (ids: readonly number[], on: boolean) => void;
  clear: () => void;
  /** The checkbox state of one row, to spread onto its Checkbox. */
  check: (id: number) => RowCheck;
  /** The select-all box over these shown ids, to spread onto its Checkbox. */
  allCheck: (ids: readonly number[]) => AllCheck;
}

/** A list's chosen rows; it outlives a search or a page change, so the choice carries across. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<Selected>(() => new Set());
  const toggle = (id: number) => setSelected((s) => toggled(s, id));
  const setAll = (ids: readonly number[], on: boolean) => setSelected((s) => withAll(s, ids, on));
  return {
    selected,
    toggle,
    setAll,
    clear: () => setSelected(new Set()),
    check: (id) => ({ checked: selected.has(id), onChange: () => toggle(id) }),
    allCheck: (ids) => ({
      ...selectAllState(selected, ids),
      onChange: (event) => setAll(ids, event.currentTarget.checked),
    }),
  };
}
