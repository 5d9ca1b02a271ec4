import type { FlowPage } from './flow';

const CALENDAR = '[role="dialog"]';
const CONTROLS = `${CALENDAR} [data-picker-control]`;

/** Marks the first shown element of `selector` whose text is exactly `text` (or the `index`th). */
function mark(page: FlowPage, what: string, selector: string, text: string, index?: number) {
  return page.waitUntil(
    what,
    ({ selector, text, index }) => {
      for (const old of Array.from(document.querySelectorAll('[data-flow-target]')))
        old.removeAttribute('data-flow-target');
      const shown = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((e) => isShown(e));
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what a person clicks
      const hit = index === undefined ? shown.find((e) => normalize(e.innerText) === text) : shown[index];
      hit?.setAttribute('data-flow-target', '1');
      return Boolean(hit);
    },
    { selector, text, index },
  );
}

/**
 * Clicks what `mark` marked, scrolled into view first as a person would scroll to it: the calendar
 * keeps its place beside its field when it changes views, and may then reach past the window.
 */
async function clickMarked(page: FlowPage) {
  await page.raw.evaluate(() =>
    document.querySelector('[data-flow-target]')?.scrollIntoView({ block: 'center' }),
  );
  await page.raw.click('[data-flow-target]');
}

/** How many year or month buttons the calendar shows (10 years of a decade, 12 months of a year). */
function controlsShown(page: FlowPage, count: number) {
  return page.waitUntil(
    `${count} calendar controls`,
    ({ selector, count }) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((e) => isShown(e)).length === count,
    { selector: CONTROLS, count },
  );
}

/**
 * Picks a day (`YYYY-MM-DD`) in one of the app's day fields as a person would, in every engine:
 * the field opens its calendar, the heading leads up from the month to the year and the decade,
 * then the year, the month and the day are clicked; the calendar closes on the day.
 */
export async function pickDay(page: FlowPage, testId: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  await page.click(`[data-testid="${testId}"]`);
  await page.waitFor(`${CALENDAR} table`);
  const heading = `${CALENDAR} .mantine-DatePickerInput-calendarHeaderLevel`;
  await page.click(heading);
  await controlsShown(page, 12);
  await page.click(heading);
  await controlsShown(page, 10);
  // The arrows move a decade at a time.
  for (let step = 0; step < 20; step++) {
    const years = await page.raw.evaluate(
      (s) => Array.from(document.querySelectorAll<HTMLElement>(s)).map((e) => Number(e.textContent)),
      CONTROLS,
    );
    if (years.includes(year)) break;
    const direction = year < Math.min(...years) ? 'previous' : 'next';
    await page.raw.click(`${CALENDAR} [data-direction="${direction}"]`);
    await page.waitUntil(
      'another decade',
      ({ selector, first }) => Number(document.querySelector(selector)?.textContent) !== first,
      { selector: CONTROLS, first: years[0] ?? 0 },
    );
  }
  await mark(page, `the year ${year}`, CONTROLS, String(year));
  await clickMarked(page);
  await controlsShown(page, 12);
  await mark(page, `month ${month}`, CONTROLS, '', month - 1);
  await clickMarked(page);
  await mark(page, `day ${date}`, `${CALENDAR} tbody button:not([data-outside])`, String(date));
  await clickMarked(page);
  await page.waitForGone(`${CALENDAR} table`);
}
