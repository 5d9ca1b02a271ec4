import { type ReactElement, useCallback } from 'react';
import type { FieldValues, Path, PathValue } from './paths';
import { get } from './paths';
import type { FieldError } from './types';
import { type Control, useStoreVersion } from './use-form';

export interface ControllerRenderProps<T extends FieldValues, N extends Path<T>> {
  name: N;
  value: PathValue<T, N>;
  /** A value, or an input's change event. */
  onChange: (valueOrEvent: unknown) => void;
  onBlur: () => void;
  ref: (element: { focus?: () => void } | null) => void;
}

export interface UseControllerReturn<T extends FieldValues, N extends Path<T>> {
  field: ControllerRenderProps<T, N>;
  fieldState: { error?: FieldError };
}

/** A field whose component takes its value and calls back with the new one (a select, a switch). */
export function useController<T extends FieldValues, N extends Path<T>>({
  control,
  name,
}: {
  control: Control<T>;
  name: N;
}): UseControllerReturn<T, N> {
  const { store } = control;
  useStoreVersion(store);
  const onChange = useCallback(
    (valueOrEvent: unknown) => {
      const target = (valueOrEvent as { target?: unknown } | null)?.target;
      if (
        target !== undefined &&
        typeof (valueOrEvent as { preventDefault?: unknown }).preventDefault === 'function'
      ) {
        store.readFrom(name, target);
      } else store.change(name, valueOrEvent);
    },
    [store, name],
  );
  const ref = useCallback(
    (element: { focus?: () => void } | null) => store.setFocusTarget(name, element),
    [store, name],
  );
  return {
    field: { name, value: get(store.values, name) as PathValue<T, N>, onChange, onBlur: () => {}, ref },
    fieldState: { error: get(store.errors, name) as FieldError | undefined },
  };
}

export function Controller<T extends FieldValues, N extends Path<T>>(props: {
  control: Control<T>;
  name: N;
  render: (controller: UseControllerReturn<T, N>) => ReactElement;
}): ReactElement {
  return props.render(useController(props));
}

/** The form's values (or one field's, or several's), following every change. */
export function useWatch<T extends FieldValues>(props: { control: Control<T> }): T;
export function useWatch<T extends FieldValues, N extends Path<T>>(props: {
  control: Control<T>;
  name: N;
}): PathValue<T, N>;
export function useWatch<T extends FieldValues, const N extends readonly Path<T>[]>(props: {
  control: Control<T>;
  name: N;
}): { [I in keyof N]: PathValue<T, N[I] & string> };
export function useWatch({
  control,
  name,
}: {
  control: Control;
  name?: string | readonly string[];
}): unknown {
  useStoreVersion(control.store);
  const values = control.store.values;
  if (name === undefined) return values;
  return typeof name === 'string' ? get(values, name) : name.map((one) => get(values, one));
}

let nextId = 0;

/** A list of items in the form (links, rows), each with an id to key it by while it moves. */
export function useFieldArray<T extends FieldValues, N extends Path<T>>({
  control,
  name,
}: {
  control: Control<T>;
  name: N;
}) {
  const { store } = control;
  useStoreVersion(store);
  type Item = PathValue<T, N> extends readonly (infer I)[] ? I : never;
  const items = ((get(store.values, name) as Item[] | undefined) ?? []) as Item[];
  let ids = store.arrayIds.get(name);
  if (!ids || ids.length !== items.length) {
    ids = items.map(() => `item-${nextId++}`);
    store.arrayIds.set(name, ids);
  }
  const itemIds = ids;
  return {
    fields: items.map((item, index) => ({ ...(item as object), id: itemIds[index] as string })) as (Item & {
      id: string;
    })[],
    append: (item: Item) => {
      store.arrayIds.set(name, [...itemIds, `item-${nextId++}`]);
      store.change(name, [...items, item]);
    },
    remove: (index: number) => {
      store.arrayIds.set(
        name,
        itemIds.filter((_, at) => at !== index),
      );
      store.change(
        name,
        items.filter((_, at) => at !== index),
      );
    },
  };
}
