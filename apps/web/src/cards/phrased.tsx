import { phrasesOf } from '../lib/phrase-breaks';

/**
 * What an operator wrote, with a line-break opportunity (<wbr>) between its Japanese phrases in
 * engines without `word-break: auto-phrase` (lib/phrase-breaks.ts), so 「引きです」 never splits
 * inside a word at 375 px. Plain JSX: the reader (Preact) and the editors (React) both render it.
 */
export function Phrased({ text }: { text: string }) {
  const phrases = phrasesOf(text);
  if (phrases.length < 2) return <>{text}</>;
  return (
    <>
      {phrases.map((phrase, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the phrases of one text, in order, may repeat
        i === 0 ? phrase : [<wbr key={i} />, phrase],
      )}
    </>
  );
}
