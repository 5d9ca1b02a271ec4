/** Welcome message states: saved (draft) 0, on (notified) 1, stopped 2. At most one is on per channel. */
export const WELCOME_STATUSES = { draft: 0, on: 1, stopped: 2 } as const;
export type WelcomeStatus = (typeof WELCOME_STATUSES)[keyof typeof WELCOME_STATUSES];

/** Limits of welcome messages: the title and text are shorter than a message's. */
export const WELCOME_LIMITS = { titleMax: 20, textMax: 400 } as const;
