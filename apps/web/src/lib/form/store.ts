import { deepEqual, get, setAt, snapshot, unsetAt } from './paths';
import type { FieldError, FieldErrors, Resolver } from './types';

type Values = Record<string, unknown>;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * One form's values, defaults and errors, outside React: inputs stay uncontrolled (the store
 * reads them on change and writes them on reset or setValue), and every change notifies the
 * form's components, which render anew. Validation happens on submit, then again on each change
 * of a field once the form was submitted.
 */
export class FormStore {
  values: Values;
  defaults: Values;
  errors: FieldErrors<Values> = {};
  isSubmitting = false;
  isSubmitted = false;
  isSubmitSuccessful = false;
  submitCount = 0;
  resolver?: Resolver<Values, unknown>;
  /** Each change's number: the snapshot React compares. */
  version = 0;
  private readonly listeners = new Set<() => void>();
  /** Registered inputs, by name in the order they registered (the order errors take focus in). */
  private readonly inputs = new Map<string, Set<Field>>();
  /** Elements a controlled field hands over, to take focus. */
  private readonly focusTargets = new Map<string, { focus?: () => void }>();
  private readonly refs = new Map<string, (element: HTMLElement | null) => void>();
  /** The ids of a field array's items, by array name (React keys that follow the items). */
  readonly arrayIds = new Map<string, string[]>();
  /** Field names in the order they first registered, inputs and controls alike. */
  private readonly order = new Set<string>();
  private readonly checks = new Map<string, number>();
  /** Set by the form's first effect (`markReady`): its inputs were all rendered by then. */
  private ready = false;
  /** A value typed into the server's painted form was taken as the field's (see `refFor`). */
  private keptTyped = false;

  constructor(defaults: Values) {
    this.defaults = snapshot(defaults);
    this.values = snapshot(defaults);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  get isDirty(): boolean {
    return !deepEqual(this.values, this.defaults);
  }

  /** A registered input's ref: the store writes its value into it and focuses it on an error. */
  refFor(name: string): (element: HTMLElement | null) => void {
    let ref = this.refs.get(name);
    if (!ref) {
      ref = (element) => {
        if (!element) return;
        this.order.add(name);
        const set = this.inputs.get(name) ?? new Set();
        this.inputs.set(name, set);
        set.add(element as Field);
        const input = element as Field;
        if (get(this.values, name) === undefined && get(this.defaults, name) === undefined) {
          // A field without a default starts as the input shows it, and is not a change.
          const shown = readInput(input);
          this.values = setAt(this.values, name, shown);
          this.defaults = setAt(this.defaults, name, shown);
        } else if (!this.ready && typedBefore(input)) {
          // Typed into the server's painted form before the app took it over: kept, as typed.
          const typed = readInput(input);
          if (typed !== undefined) {
            this.values = setAt(this.values, name, typed);
            this.keptTyped = true;
          }
        } else writeInput(input, get(this.values, name));
      };
      this.refs.set(name, ref);
    }
    return ref;
  }

  /**
   * The form's first effect: its inputs are all rendered. What was kept as typed was set during
   * that first render's commit, after the form had rendered its start values: one more render
   * shows what depends on it (a counter, a preview) without waiting for the next keystroke.
   */
  markReady(): void {
    this.ready = true;
    if (!this.keptTyped) return;
    this.keptTyped = false;
    this.notify();
  }

  setFocusTarget(name: string, element: { focus?: () => void } | null): void {
    if (element) {
      this.order.add(name);
      this.focusTargets.set(name, element);
    } else this.focusTargets.delete(name);
  }

  /** The inputs that still carry this name (an array's item moved or left: its input did too). */
  private inputsOf(name: string): Field[] {
    const set = this.inputs.get(name);
    if (!set) return [];
    for (const input of set) if (!input.isConnected || input.name !== name) set.delete(input);
    return [...set];
  }

  readFrom(name: string, target: unknown): void {
    const value =
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
        ? readInput(target)
        : target;
    if (value === undefined) return;
    this.change(name, value);
  }

  /** A field's new value from its input or its control; checked again if the form was submitted. */
  change(name: string, value: unknown): void {
    if (deepEqual(get(this.values, name), value)) return;
    this.values = setAt(this.values, name, value);
    this.notify();
    if (this.isSubmitted) void this.recheck(name);
  }

  setValue(name: string, value: unknown, options: { shouldValidate?: boolean } = {}): void {
    for (const input of this.inputsOf(name)) writeInput(input, value);
    // The same value again changes nothing (an effect may set it on each render).
    if (deepEqual(get(this.values, name), value)) return;
    this.values = setAt(this.values, name, value);
    this.notify();
    if (options.shouldValidate || this.isSubmitted) void this.recheck(name);
  }

  setError(name: string, error: FieldError, shouldFocus = false): void {
    this.errors = setAt(this.errors, name, error);
    this.notify();
    if (shouldFocus) this.focus(name);
  }

  clearErrors(names?: string | readonly string[]): void {
    if (names === undefined) this.errors = {};
    else
      for (const name of typeof names === 'string' ? [names] : names)
        this.errors = unsetAt(this.errors, name);
    this.notify();
  }

  reset(values?: Values): void {
    if (values) this.defaults = snapshot(values);
    this.values = snapshot(this.defaults);
    this.arrayIds.clear();
    this.errors = {};
    this.isSubmitted = false;
    this.isSubmitSuccessful = false;
    this.submitCount = 0;
    for (const name of this.inputs.keys())
      for (const input of this.inputsOf(name)) writeInput(input, get(this.values, name));
    this.notify();
  }

  /** The whole form checked: the values to send, or the errors (shown, the first field focused). */
  async submit(): Promise<{ values: unknown } | null> {
    this.isSubmitting = true;
    this.notify();
    const verdict = this.resolver ? await this.resolver(this.values) : { values: this.values, errors: {} };
    this.errors = verdict.errors as FieldErrors<Values>;
    if (Object.keys(this.errors).length) {
      this.firstErrorFocused();
      return null;
    }
    return { values: verdict.values };
  }

  submitted(successful: boolean): void {
    this.isSubmitting = false;
    this.isSubmitted = true;
    this.isSubmitSuccessful = successful && Object.keys(this.errors).length === 0;
    this.submitCount += 1;
    this.notify();
  }

  /** After a change: this field's error as the schema now sees it (a later check wins). */
  private async recheck(name: string): Promise<void> {
    if (!this.resolver) return;
    const check = (this.checks.get(name) ?? 0) + 1;
    this.checks.set(name, check);
    const { errors } = await this.resolver(this.values);
    if (check !== this.checks.get(name)) return;
    const error = get(errors, name) as FieldError | undefined;
    const had = get(this.errors, name);
    if (error?.type) this.errors = setAt(this.errors, name, error);
    else if (had) this.errors = unsetAt(this.errors, name);
    else return;
    this.notify();
  }

  private firstErrorFocused(): void {
    const first = [...this.order].find(
      (name) => (get(this.errors, name) as FieldError | undefined)?.type !== undefined,
    );
    if (first) this.focus(first);
  }

  private focus(name: string): void {
    const input = this.inputsOf(name)[0];
    if (input) input.focus();
    else this.focusTargets.get(name)?.focus?.();
  }
}

/**
 * The input shows another value than it was rendered with: before the form's first effect, only
 * an input of the server's painted page can (the visitor typed before the scripts ran).
 */
function typedBefore(input: Field): boolean {
  if (input instanceof HTMLInputElement && (input.type === 'checkbox' || input.type === 'radio')) {
    return input.checked !== input.defaultChecked;
  }
  if (input instanceof HTMLSelectElement) return false;
  if (input instanceof HTMLInputElement && input.type === 'file') return false;
  return input.value !== input.defaultValue;
}

function readInput(input: Field): unknown {
  if (input instanceof HTMLInputElement) {
    if (input.type === 'checkbox') return input.checked;
    if (input.type === 'radio') return input.checked ? input.value : undefined;
    if (input.type === 'file') return input.files;
  }
  return input.value;
}

function writeInput(input: Field, value: unknown): void {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = value === true;
  else if (input instanceof HTMLInputElement && input.type === 'radio')
    input.checked = input.value === String(value);
  else if (input instanceof HTMLInputElement && input.type === 'file') return;
  else {
    const text = value === undefined || value === null ? '' : String(value);
    if (input.value !== text) input.value = text;
  }
}
