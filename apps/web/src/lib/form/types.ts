import type { DeepPartial, FieldValues, Path } from './paths';

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date | File | Blob;

/** One field's error: a message key (`validation.x`) or a text, and where it came from. */
export interface FieldError {
  type: string;
  message?: string;
}

type ErrorsOf<V> =
  NonNullable<V> extends Primitive
    ? FieldError
    : NonNullable<V> extends readonly (infer Item)[]
      ? Partial<FieldError> & (ErrorsOf<Item> | undefined)[]
      : Partial<FieldError> & FieldErrors<NonNullable<V>>;

/** A form's errors, shaped as its values. */
export type FieldErrors<T> = { [K in keyof T]?: ErrorsOf<T[K]> };

/** The schema's verdict on the values: the values to send, or the errors to show. */
export type Resolver<TValues, TOutput = TValues> = (
  values: TValues,
) => Promise<
  | { values: TOutput; errors: Record<string, never> }
  | { values: Record<string, never>; errors: FieldErrors<TValues> }
>;

export type DefaultValues<T> = DeepPartial<T>;

export interface SetErrorOptions {
  shouldFocus?: boolean;
}

/** Taken from a method, so a form's setError passes where one over a wider set of names is asked for. */
export type UseFormSetError<T extends FieldValues> = {
  method(name: Path<T>, error: FieldError, options?: SetErrorOptions): void;
}['method'];

/** What `register` spreads on an input: it stays uncontrolled, the form reads it on change. */
export interface UseFormRegisterReturn<TName extends string = string> {
  name: TName;
  onChange: (event: { target: unknown }) => void;
  onBlur: (event: unknown) => void;
  ref: (element: HTMLElement | null) => void;
}

export interface FormState<T> {
  errors: FieldErrors<T>;
  /** The values differ from the defaults (the last reset's). */
  isDirty: boolean;
  isSubmitting: boolean;
  isSubmitted: boolean;
  isSubmitSuccessful: boolean;
  submitCount: number;
}
