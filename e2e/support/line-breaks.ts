import type { Page } from 'playwright-core';

export interface LineBreakFinding {
  /** Where: the element's tag and the start of its text. */
  where: string;
  problem: string;
}

/**
 * Reads how the browser actually broke the visible Japanese text of `selector` into lines (one
 * rectangle per character) and reports a last line of a single character (closing punctuation
 * aside) and any of `words`
 * split across two lines.
 */
export function lineBreakFindings(
  page: Page,
  selector: string,
  words: readonly string[],
): Promise<LineBreakFinding[]> {
  return page.evaluate(
    ({ selector, words }) => {
      const findings: { where: string; problem: string }[] = [];
      const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (element.offsetParent === null || !japanese.test(element.textContent ?? '')) continue;
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
            const rect = range.getClientRects()[0];
            if (rect && rect.width > 0) chars.push({ ch: text[i] as string, top: Math.round(rect.top) });
          }
        }
        const lines: string[] = [];
        let lastTop = Number.NaN;
        for (const { ch, top } of chars) {
          if (Number.isNaN(lastTop) || Math.abs(top - lastTop) > 4) {
            lines.push('');
            lastTop = top;
          }
          lines[lines.length - 1] += ch;
        }
        const where = `${element.tagName.toLowerCase()} 「${(element.textContent ?? '').slice(0, 24)}」`;
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
    { selector, words: [...words] },
  );
}
