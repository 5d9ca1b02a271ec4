/**
 * Points where other modules join the account life cycle without the auth module knowing them:
 * the QR manager carries a guest's codes into a new account, sharing accepts an invitation code
 * given at sign-in, the QR manager drops cached redirects of a deleted account. Each activation
 * or sign-in-code handler may throw an AppError to refuse.
 */
export interface ActivatedEvent {
  userId: string;
  /** The guest history key kept by the "carry my codes over" sign-up variant, if any. */
  carryOverKey: string | null;
  /** The share invitation the sign-up came from (the activation link says), unchecked. */
  invitationCode: string | null;
}

export interface SignInCodeEvent {
  userId: string;
  code: string;
}

export interface DeletingEvent {
  userId: string;
}

type Handler<E> = (event: E) => Promise<void>;
/**
 * An activation handler may resolve to a string: the screen the new member should see first
 * (sharing: the read log of an invitation the activation accepted), which the answer to the
 * activation carries as `next`. Anything else names nothing.
 */
type ActivatedHandler = (event: ActivatedEvent) => Promise<unknown>;
/** Runs before an account is deleted and returns what to do once it is gone (e.g. drop caches). */
type DeletingHandler = (event: DeletingEvent) => Promise<() => void>;

export class AccountHooks {
  private readonly activated: ActivatedHandler[] = [];
  private readonly signInCode: Handler<SignInCodeEvent>[] = [];
  private readonly deleting: DeletingHandler[] = [];

  onActivated(handler: ActivatedHandler): void {
    this.activated.push(handler);
  }

  onSignInCode(handler: Handler<SignInCodeEvent>): void {
    this.signInCode.push(handler);
  }

  /** Before the cascade deletes what the account owns: a module notes what it must tell others. */
  onDeleting(handler: DeletingHandler): void {
    this.deleting.push(handler);
  }

  /** Call before deleting the account; call what it returns after the deletion. */
  async runDeleting(event: DeletingEvent): Promise<() => void> {
    const after: Array<() => void> = [];
    for (const h of this.deleting) after.push(await h(event));
    return () => {
      for (const done of after) done();
    };
  }

  /** Runs every activation handler; returns the first screen one of them named, if any. */
  async runActivated(event: ActivatedEvent): Promise<string | undefined> {
    let next: string | undefined;
    for (const h of this.activated) {
      const named = await h(event);
      if (!next && typeof named === 'string' && named) next = named;
    }
    return next;
  }

  async runSignInCode(event: SignInCodeEvent): Promise<void> {
    for (const h of this.signInCode) await h(event);
  }
}

/** Cookie holding a guest's code-history key; the QR manager issues it. */
export const GUEST_HISTORY_COOKIE = 'qr_history';
