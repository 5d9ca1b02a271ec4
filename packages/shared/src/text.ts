import { LIMITS } from './limits';

/** The header shows at most 7 characters of a user's name, then an ellipsis (§5). */
export function truncateName(name: string, max: number = LIMITS.nameTruncation): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}
