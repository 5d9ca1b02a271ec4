/**
 * JAN (EAN-13) codes for coupons: 13 digits, the last a check digit over the first 12 (weights
 * 1 and 3 alternating from the left). Shops without a GS1 company prefix may use the in-store
 * prefixes 20–29, which no manufacturer is ever given.
 */

/** The check digit of the first 12 digits of a JAN code. */
export function janCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('a JAN check digit needs exactly 12 digits');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export type JanProblem = 'format' | 'check_digit';

/** Why a text is not a JAN code (13 digits with the right check digit), or null when it is one. */
export function janProblem(code: string): JanProblem | null {
  if (!/^\d{13}$/.test(code)) return 'format';
  return janCheckDigit(code.slice(0, 12)) === Number(code[12]) ? null : 'check_digit';
}

/** First two digits a shop may use for its own codes (in-store marking, GS1 prefixes 20–29). */
export const IN_STORE_JAN_PREFIXES = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'] as const;

export function isInStoreJan(code: string): boolean {
  return (IN_STORE_JAN_PREFIXES as readonly string[]).includes(code.slice(0, 2));
}

/** 12 digits completed with their check digit (the form offers it when 12 are typed). */
export function completeJan(first12: string): string {
  return `${first12}${janCheckDigit(first12)}`;
}
