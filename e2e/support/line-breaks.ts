/** A page that runs a function in the browser: Playwright's, or a cross-engine flow's. */
export interface Evaluates {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface LineBreakFinding {
  /** Where: the element's tag and the start of its text. */
  where: string;
  problem: string;
}

/** Text that must keep to at most `maxLines` lines wherever it appears (in any language). */
export interface SpanRule {
  name: string;
  /** A regular expression's source, matched against each element's visible text. */
  pattern: string;
  maxLines: number;
  /** Where lines may part inside a match: only right after this character (a URL's `/`). */
  breaksAfter?: string;
}

/** A date (with its time) on one line: 「2026-/11-26」 was seen at 375 px. */
export const DATE_RULE: SpanRule = {
  name: 'date',
  pattern: '\\d{4}-\\d{2}-\\d{2}(?: \\d{2}:\\d{2})?',
  maxLines: 1,
};
/**
 * A short URL (a code's /r/ address, a channel page's /c/ one) on one line, or two at most where
 * it cannot fit on one (「http://…:330/71/c/Ce5m…/oDnOY」 took three at 375 px), parted only
 * after a `/` (「:45/17」, inside the port, was seen).
 */
export const SHORT_URL_RULE: SpanRule = {
  name: 'short URL',
  pattern: 'https?://\\S+/[rc]/[\\w-]+',
  maxLines: 2,
  breaksAfter: '/',
};
/** A number with its unit on one line (「1024/px」, 「徒歩/5分」 and 「8/MB」 were seen). */
export const NUMBER_UNIT_RULE: SpanRule = {
  name: 'number with its unit',
  pattern: '(?:徒歩)?\\d[\\d,.]*[ \\u00a0]?(?:px|KB|MB|GB|mm|cm|km|分|秒|時間|円|階|F)(?![A-Za-z])',
  maxLines: 1,
};
/** A time of day on one line, also after its date (「2026-11-29/08:00」 was seen in the editor). */
export const TIME_RULE: SpanRule = {
  name: 'time',
  pattern: '(?:\\d{4}-\\d{2}-\\d{2}(?: \\(.\\))? )?\\d{1,2}:\\d{2}',
  maxLines: 1,
};

/**
 * Reads how the browser actually broke the visible text of `selector` into lines (one rectangle
 * per character) and reports, for Japanese text, a last line of a single character (closing
 * punctuation aside) and any of `words` split across two lines, and for any text, a match of a
 * `spans` rule spread over more lines than it allows.
 */
export function lineBreakFindings(
  page: Evaluates,
  selector: string,
  words: readonly string[],
  spans: readonly SpanRule[] = [],
): Promise<LineBreakFinding[]> {
  return page.evaluate(
    ({ selector, words, spans }) => {
      const findings: { where: string; problem: string }[] = [];
      const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (element.offsetParent === null) continue;
        // Inside a closed <details> WebKit still lays text out (content-visibility: hidden).
        if (element.checkVisibility && !element.checkVisibility()) continue;
        const isJapanese = japanese.test(element.textContent ?? '');
        if (!isJapanese && spans.length === 0) continue;
        // Leaves only: a container's text is checked through its own paragraphs.
        if (element.querySelector(selector)) continue;
        const chars: { ch: string; top: number }[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            // A character after a soft break has two rectangles in WebKit: an empty one at the
            // end of the line before, and its own. Zero-width spaces (the build's phrase marks)
            // have only empty ones, and are no character.
            const rect = Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .at(-1);
            if (rect) chars.push({ ch: text[i] as string, top: Math.round(rect.top) });
          }
        }
        const lines: string[] = [];
        // The line of each character of `chars`, for the span rules.
        const lineOf: number[] = [];
        let lastTop = Number.NaN;
        for (const { ch, top } of chars) {
          if (Number.isNaN(lastTop) || Math.abs(top - lastTop) > 4) {
            lines.push('');
            lastTop = top;
          }
          lines[lines.length - 1] += ch;
          lineOf.push(lines.length - 1);
        }
        const where = `${element.tagName.toLowerCase()} 「${(element.textContent ?? '').slice(0, 24)}」`;
        const shown = chars.map((c) => c.ch).join('');
        for (const rule of spans) {
          for (const match of shown.matchAll(new RegExp(rule.pattern, 'g'))) {
            const start = match.index ?? 0;
            const end = start + match[0].length - 1;
            const count = (lineOf[end] ?? 0) - (lineOf[start] ?? 0) + 1;
            if (count > rule.maxLines)
              findings.push({ where, problem: `${rule.name} 「${match[0]}」 spread over ${count} lines` });
            for (let i = start; rule.breaksAfter && i < end; i++) {
              if (lineOf[i] !== lineOf[i + 1] && shown[i] !== rule.breaksAfter)
                findings.push({
                  where,
                  problem: `${rule.name} 「${match[0]}」 parted after 「${shown.slice(start, i + 1)}」`,
                });
            }
          }
        }
        if (!isJapanese) continue;
        const last = (lines.at(-1) ?? '').trim();
        // 「す。」 is a lone character too: closing punctuation does not count.
        const lastWord = last.replace(/[。、．，！？）」』.,!?)]+$/u, '');
        if (lines.length > 1 && Array.from(lastWord).length <= 1) {
          findings.push({ where, problem: `last line is the single character 「${last}」` });
        }
        for (let i = 0; i + 1 < lines.length; i++) {
          const joint = `${lines[i]}|${lines[i + 1]}`;
          for (const word of words) {
            for (let cut = 1; cut < word.length; cut++) {
              if (joint.includes(`${word.slice(0, cut)}|${word.slice(cut)}`)) {
                findings.push({
                  where,
                  problem: `「${word}」 split as 「${word.slice(0, cut)}/${word.slice(cut)}」`,
                });
              }
            }
          }
        }
      }
      return findings;
    },
    { selector, words: [...words], spans: [...spans] },
  );
}
