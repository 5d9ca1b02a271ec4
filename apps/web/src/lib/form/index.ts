/** The app's forms: uncontrolled inputs, a store per form, validation by the server's schemas. */
export { Controller, useController, useFieldArray, useWatch } from './fields';
export type { DeepPartial, FieldValues, Path, PathValue } from './paths';
export { get } from './paths';
export type {
  DefaultValues,
  FieldError,
  FieldErrors,
  Resolver,
  UseFormRegisterReturn,
  UseFormSetError,
} from './types';
export { type Control, type UseFormReturn, useForm } from './use-form';
