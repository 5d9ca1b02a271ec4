import { jaModel, Parser } from 'budoux';

/** BudouX's Japanese model, only the parser (no HTML processing): its own chunk, loaded on demand. */
const parser = new Parser(jaModel);

/** Japanese text cut into phrases; the pieces joined give the text back unchanged. */
export function segmentPhrases(text: string): string[] {
  return parser.parse(text);
}
