/**
 * Points where other modules join the account life cycle without the auth module knowing them:
 * the QR manager carries a guest's codes into a new account, sharing accepts an invitation code
 * given at sign-in. Each handler may throw an AppError to refuse.
 */
export interface ActivatedEvent {
  userId: string;
  /** The guest history key kept by the "carry my codes over" sign-up variant, if any. */
  carryOverKey: string | null;
}

export interface SignInCodeEvent {
  userId: string;
  code: string;
}

type Handler<E> = (event: E) => Promise<void>;

export class AccountHooks {
  private readonly activated: Handler<ActivatedEvent>[] = [];
  private readonly signInCode: Handler<SignInCodeEvent>[] = [];

  onActivated(handler: Handler<ActivatedEvent>): void {
    this.activated.push(handler);
  }

  onSignInCode(handler: Handler<SignInCodeEvent>): void {
    this.signInCode.push(handler);
  }

  async runActivated(event: ActivatedEvent): Promise<void> {
    for (const h of this.activated) await h(event);
  }

  async runSignInCode(event: SignInCodeEvent): Promise<void> {
    for (const h of this.signInCode) await h(event);
  }
}

/** Cookie holding a guest's code-history key; the QR manager issues it. */
export const GUEST_HISTORY_COOKIE = 'qr_history';
