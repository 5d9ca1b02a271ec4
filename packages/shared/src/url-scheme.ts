/**
 * People type `example.com` (or copy `www.店.jp/menu`) without a scheme, and the popular generators
 * accept it. A scheme-less input that looks like a host name is read as `https://…`; anything else is
 * left as typed, so the URL rule still refuses junk (`hello`, spaces, `javascript:…`).
 * The form shows the result live and the server stores it, so both say the same.
 */

// Dot-separated labels of letters (any script), digits and inner hyphens, ending in a letter TLD
// (or punycode), then an optional port and path/query/fragment without spaces.
const HOST_LIKE =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** `https://` + value for a scheme-less host-like value; the value unchanged otherwise. */
export function withDefaultScheme(value: string): string {
  return HOST_LIKE.test(value) ? `https://${value}` : value;
}

/** True when `withDefaultScheme` would add a scheme (the form then says what will be encoded). */
export function needsDefaultScheme(value: string): boolean {
  return HOST_LIKE.test(value);
}

/**
 * Characters a link URL may hold as typed: RFC 3986's (with `%` escapes), and letters, digits and
 * marks of any script, which browsers copy unescaped from an address (`https://店.jp/メニュー`).
 * Anything else is a "non-URL character": spaces, quotes, angle brackets, backslashes,
 * controls, symbols. A stored link is written into pages and href attributes, so `"><script>`
 * never gets that far.
 */
const URL_CHARS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]|[^\p{ASCII}\s\p{S}\p{P}\p{C}])*$/u;

export const hasOnlyUrlCharacters = (v: string): boolean => URL_CHARS.test(v);

/** An absolute http(s) URL with a host: anything else is 'Please enter the URL correctly'. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
