/**
 * The server paints Japanese texts with a zero-width space between phrases, where Firefox and
 * WebKit may break a line (apps/web/src/lib/phrase-breaks.ts). Chromium finds the phrases itself
 * (`word-break: auto-phrase`), and the app drops the marks from its texts there. The server puts
 * this script inline right after the painted screen (its hash is in the CSP), so Chromium drops
 * them from the painted page as it is parsed: what it shows first is what the app will render,
 * with the same line breaks, and the app takes it over without a text that differs.
 */
export const PAINTED_MARKS_SCRIPT =
  "(function(){if(!(window.CSS&&CSS.supports('word-break','auto-phrase')))return;" +
  "var w=document.createTreeWalker(document.getElementById('app'),4),n;" +
  "while((n=w.nextNode()))if(n.data.indexOf('\\u200b')>=0)n.data=n.data.replace(/\\u200b/g,'')})()";
