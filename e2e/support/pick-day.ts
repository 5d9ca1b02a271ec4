import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks a day (`YYYY-MM-DD`) in one of the app's day fields as a person would, in any language:
 * the field opens its calendar (a dialog named by the field), its heading leads up from the month
 * to the year and the decade, then the year, the month and the day are clicked, and the calendar
 * closes on the day.
 */
export async function pickDay(page: Page, testId: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const field = page.getByTestId(testId);
  const label = await field.evaluate((el) => (el as HTMLButtonElement).labels?.[0]?.textContent ?? '');
  await field.click();
  const calendar = page.getByRole('dialog', { name: label });
  await calendar.waitFor();
  const heading = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel');
  await heading.click();
  await heading.click();
  // The decade view lists its years; the arrows move a decade at a time.
  const years = calendar.locator('[data-picker-control]');
  for (let step = 0; step < 20; step++) {
    const shown = (await years.allTextContents()).map(Number);
    if (shown.includes(year)) break;
    const direction = year < Math.min(...shown) ? 'previous' : 'next';
    await calendar.locator(`[data-direction="${direction}"]`).first().click();
  }
  await years.filter({ hasText: new RegExp(`^${year}$`) }).click();
  // Then the year's twelve months, in order.
  await expect.poll(() => calendar.locator('[data-picker-control]').count()).toBe(12);
  await calendar
    .locator('[data-picker-control]')
    .nth(month - 1)
    .click();
  await calendar
    .locator('tbody button:not([data-outside])')
    .filter({ hasText: new RegExp(`^${date}$`) })
    .click();
  await calendar.waitFor({ state: 'hidden' });
}
