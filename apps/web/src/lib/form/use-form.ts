import {
  type BaseSyntheticEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { deepEqual, type FieldValues, get, type Path, type PathValue } from './paths';
import { FormStore } from './store';
import type {
  DefaultValues,
  FieldError,
  FieldErrors,
  FormState,
  Resolver,
  SetErrorOptions,
  UseFormRegisterReturn,
  UseFormSetError,
} from './types';

export interface UseFormOptions<T extends FieldValues, TOutput> {
  resolver?: Resolver<T, TOutput>;
  defaultValues?: DefaultValues<T>;
  /** Values that replace the form's (a reset) whenever they change. */
  values?: T;
}

/** The form a component gets: pass `control` to the field hooks. */
export interface Control<T extends FieldValues = FieldValues> {
  store: FormStore;
  /** Only carries the values' type. */
  readonly _values?: T;
}

export interface UseFormReturn<T extends FieldValues = FieldValues, TOutput = T> {
  control: Control<T>;
  formState: FormState<T>;
  register<N extends Path<T>>(
    name: N,
    options?: { onChange?: (event: { target: { value: string } }) => void },
  ): UseFormRegisterReturn<N>;
  handleSubmit(
    onValid: (values: TOutput, event?: SubmitEvent) => unknown,
    onInvalid?: (errors: FieldErrors<T>) => unknown,
  ): (event?: SubmitEvent) => Promise<void>;
  setError: UseFormSetError<T>;
  clearErrors(names?: Path<T> | readonly Path<T>[]): void;
  setValue<N extends Path<T>>(
    name: N,
    value: PathValue<T, N>,
    options?: { shouldDirty?: boolean; shouldValidate?: boolean },
  ): void;
  getValues(): T;
  getValues<N extends Path<T>>(name: N): PathValue<T, N>;
  watch(): T;
  watch<N extends Path<T>>(name: N): PathValue<T, N>;
  reset(values?: T): void;
}

/** A form's submit event (its target untyped, as React's), or a call without one. */
// biome-ignore lint/suspicious/noExplicitAny: React types a form event's target as any element.
type SubmitEvent = BaseSyntheticEvent<object, any, any>;

/** Follows a form's store: the component renders anew on every change of the form. */
export function useStoreVersion(store: FormStore): number {
  return useSyncExternalStore(
    store.subscribe,
    () => store.version,
    () => store.version,
  );
}

/**
 * A form over uncontrolled inputs: values, defaults, errors and submission, validated by a
 * resolver (the server's zod schema, lib/lazy-zod-resolver.ts) on submit and, once submitted, on
 * each change.
 */
export function useForm<T extends FieldValues, TOutput = T>(
  options: UseFormOptions<T, TOutput> = {},
): UseFormReturn<T, TOutput> {
  const storeRef = useRef<FormStore>(null);
  storeRef.current ??= new FormStore(
    (options.values ?? options.defaultValues ?? {}) as Record<string, unknown>,
  );
  const store = storeRef.current;
  // Forms build their resolver on every render: the latest one checks.
  store.resolver = options.resolver as Resolver<Record<string, unknown>, unknown> | undefined;
  useEffect(() => store.markReady(), [store]);
  const shownValues = useRef(options.values);
  useEffect(() => {
    if (!options.values || deepEqual(options.values, shownValues.current)) return;
    shownValues.current = options.values;
    store.reset(options.values as Record<string, unknown>);
  });
  useStoreVersion(store);

  const register = useCallback(
    (name: string, more?: { onChange?: (event: { target: { value: string } }) => void }) => ({
      name,
      onChange: (event: { target: unknown }) => {
        store.readFrom(name, event.target);
        more?.onChange?.(event as { target: { value: string } });
      },
      onBlur: () => {},
      ref: store.refFor(name),
    }),
    [store],
  );

  const handleSubmit = useCallback(
    (
      onValid: (values: TOutput, event?: SubmitEvent) => unknown,
      onInvalid?: (errors: FieldErrors<T>) => unknown,
    ) =>
      async (event?: SubmitEvent) => {
        event?.preventDefault?.();
        const checked = await store.submit();
        let successful = checked !== null;
        try {
          if (checked) await onValid(checked.values as TOutput, event);
          else await onInvalid?.(store.errors as FieldErrors<T>);
        } catch (error) {
          successful = false;
          throw error;
        } finally {
          store.submitted(successful);
        }
      },
    [store],
  );

  // One object for the form's life, as hooks' dependencies expect; its state is read when asked.
  return useMemo(
    () => ({
      control: { store },
      register,
      handleSubmit,
      setError: (name: string, error: FieldError, more?: SetErrorOptions) =>
        store.setError(name, error, more?.shouldFocus),
      clearErrors: (names?: string | readonly string[]) => store.clearErrors(names),
      setValue: (name: string, value: unknown, more?: { shouldValidate?: boolean }) =>
        store.setValue(name, value, more),
      getValues: (name?: string) => (name === undefined ? store.values : get(store.values, name)),
      watch: (name?: string) => (name === undefined ? store.values : get(store.values, name)),
      reset: (values?: Record<string, unknown>) => store.reset(values),
      get formState() {
        return {
          errors: store.errors,
          isDirty: store.isDirty,
          isSubmitting: store.isSubmitting,
          isSubmitted: store.isSubmitted,
          isSubmitSuccessful: store.isSubmitSuccessful,
          submitCount: store.submitCount,
        };
      },
    }),
    [store, register, handleSubmit],
  ) as unknown as UseFormReturn<T, TOutput>;
}
