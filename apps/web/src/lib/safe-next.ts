/**
 * Where to go after sign-in. Only same-site paths are followed ("/x" but not "//host" or "/\host")
 * so a crafted link cannot send a user elsewhere.
 */
export function safeNext(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** The sign-in URL that brings the user back to `returnTo` afterwards. */
export function signinUrl(signinPath: string, returnTo: string): string {
  return `${signinPath}?next=${encodeURIComponent(returnTo)}`;
}
