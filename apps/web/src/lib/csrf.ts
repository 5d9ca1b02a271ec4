/**
 * The server rotates the CSRF token at sign-in, sign-out and activation, so it is read again for
 * every request: the XSRF-TOKEN cookie first, then the newest session answer, then the meta tag
 * rendered into the first page.
 */
let sessionToken = '';

export function rememberCsrfToken(token: string | undefined): void {
  if (token) sessionToken = token;
}

function readCookie(name: string): string {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return '';
}

export function getCsrfToken(): string {
  return (
    readCookie('XSRF-TOKEN') ||
    sessionToken ||
    document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ||
    ''
  );
}

export { readCookie };
