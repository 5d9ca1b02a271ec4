import { LIMITS } from './limits';

/** The header shows at most 7 characters of a user's name, then an ellipsis. */
export function truncateName(name: string, max: number = LIMITS.nameTruncation): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

const encoder = new TextEncoder();

/** Bytes a string takes in UTF-8: what a QR code in byte mode holds (the 2331-byte limit). */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
