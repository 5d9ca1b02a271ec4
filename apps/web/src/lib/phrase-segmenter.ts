import { jaModel, Parser } from 'budoux';

/** BudouX's Japanese model, only the parser (no HTML processing): its own chunk, loaded on demand. */
const parser = new Parser(jaModel);

/**
 * Japanese text cut into phrases; the pieces joined give the text back unchanged. A number stays
 * with the words on both sides of it (BudouX cut 「徒歩/5分」).
 */
export function segmentPhrases(text: string): string[] {
  const phrases: string[] = [];
  for (const phrase of parser.parse(text)) {
    const before = phrases.at(-1);
    if (before !== undefined && (/[0-9０-９]$/.test(before) || /^[0-9０-９]/.test(phrase)))
      phrases[phrases.length - 1] = before + phrase;
    else phrases.push(phrase);
  }
  return phrases;
}
