/**
 * Path patterns as the app writes them: literal segments, `:name` parameters and a final `*`.
 * Case-insensitive, a trailing slash allowed.
 */
export function matchPath(pattern: string, pathname: string): { params: Record<string, string> } | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part === '*') {
      params['*'] = have.slice(i).join('/');
      return { params };
    }
    const value = have[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(value);
    else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return want.length === have.length ? { params } : null;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
