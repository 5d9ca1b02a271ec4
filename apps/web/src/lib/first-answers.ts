/**
 * The answers the server wrote into a signed-in member's page for the screen's first calls
 * (app/screen-first-calls.ts, apps/server/src/platform/page/first-answers.ts), and into a reader page
 * for its channel or welcome page (apps/server/src/modules/reader/page.ts): the first GET of such
 * an address takes its answer instead of asking, so the screen's data does not wait for the
 * scripts to arrive and run. Each answer is taken once (a later GET of the address asks the server)
 * and only while the page is fresh: an answer is as old as the page.
 */

/** After this long, the page's answers are too old to show in place of asking. */
const FRESH_MS = 30_000;

let answers: Map<string, unknown> | undefined;
/** While the server renders a member's screen (prerender.tsx renderMember): its answers. */
let serverAnswers: Map<string, unknown> | undefined;

/**
 * The answers the server's render of a member's screen gives its calls, for every pass of it
 * (undefined once it is done): a call without one stays pending, so its part renders loading, as
 * it does in the browser until the answer comes.
 */
export function answerWhileRendering(given: Record<string, unknown> | undefined): void {
  serverAnswers = given ? new Map(Object.entries(given)) : undefined;
}

/** Whether the server is rendering a member's screen in this process (prerender.tsx). */
export function renderingOnServer(): boolean {
  return serverAnswers !== undefined;
}

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById('first-answers')?.textContent;
  if (text) {
    try {
      for (const [url, body] of Object.entries(JSON.parse(text) as Record<string, unknown>))
        answers.set(url, body);
    } catch {
      // A page without usable answers: the app asks as usual.
    }
  }
  return answers;
}

/** The page's answer for this address (path and query, as sent), once; undefined when there is none. */
export function takeFirstAnswer(url: string): unknown {
  if (serverAnswers) return serverAnswers.get(url);
  const known = read();
  if (!known.has(url)) return undefined;
  const body = known.get(url);
  known.delete(url);
  return performance.now() < FRESH_MS ? body : undefined;
}
