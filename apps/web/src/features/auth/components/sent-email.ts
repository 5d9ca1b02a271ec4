/** "Sent" screens receive the address through navigation state; a reload loses it, which is fine. */
export function sentEmail(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}
