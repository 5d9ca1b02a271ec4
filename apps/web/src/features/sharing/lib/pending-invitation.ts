import { qrAnalyticsPath } from '@qrqr/shared';

/**
 * An invitee without an account signs up, then opens the activation link from a mail, usually
 * in the same browser: the code's id is kept here from the sign-in page until activation is
 * complete, so the completion screen can lead straight to the shared read log. (The server
 * accepts the invitation at activation whichever browser opens the link.)
 */
const KEY = 'qrqr.pendingShare';
const DAY_MS = 86_400_000;

export function rememberPendingShare(qrId: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ qrId, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the shared tab still lists the code after activation.
  }
}

/** The read-log path of a remembered invitation (forgotten once read), or null. */
export function takePendingShare(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    if (!raw) return null;
    const { qrId, at } = JSON.parse(raw) as { qrId?: unknown; at?: unknown };
    if (typeof qrId !== 'string' || typeof at !== 'number' || Date.now() - at > 7 * DAY_MS) return null;
    return qrAnalyticsPath(qrId);
  } catch {
    return null;
  }
}
