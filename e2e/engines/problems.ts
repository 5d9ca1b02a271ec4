/**
 * What a page reports as going wrong, the same in every engine: the flows fail on any of it
 * (flow.ts). Console errors and uncaught errors come from each driver's own events; unhandled
 * rejections and Content-Security-Policy violations (Firefox logs a blocked eval only to its own
 * console) are turned into console errors by this script, which each engine runs in every
 * document before the page's own scripts (WebKit, whose WebDriver has no such hook, runs it
 * after each load and keeps the records in the page: webkit.ts).
 */
export const PROBLEM_RECORDER = `(() => {
  if (window.__flowRecorder) return;
  window.__flowRecorder = true;
  const record = (text) => console.error(text);
  window.addEventListener('unhandledrejection', (e) =>
    record('unhandled rejection: ' + String((e.reason && e.reason.stack) || e.reason)));
  window.addEventListener('securitypolicyviolation', (e) =>
    record('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)') +
      ' at ' + e.sourceFile + ':' + e.lineNumber));
})();`;

/**
 * WebKit only, run before PROBLEM_RECORDER: console errors and uncaught errors kept in the page
 * (`__flowProblems`), read and emptied by the driver.
 */
export const CONSOLE_RECORDER = `(() => {
  if (window.__flowProblems) return;
  const problems = (window.__flowProblems = []);
  const error = console.error.bind(console);
  console.error = (...args) => {
    problems.push('console error: ' + args.map((a) => String((a && a.stack) || a)).join(' '));
    error(...args);
  };
  window.addEventListener('error', (e) =>
    problems.push('uncaught: ' + String((e.error && e.error.stack) || e.message)));
})();`;

/** WebKit only, after CONSOLE_RECORDER, for a page opened with `warnings`: console warnings kept too. */
export const WARNING_RECORDER = `(() => {
  if (window.__flowWarnings) return;
  window.__flowWarnings = true;
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    window.__flowProblems.push('console warning: ' + args.map((a) => String((a && a.stack) || a)).join(' '));
    warn(...args);
  };
})();`;
