/**
 * What an operator wrote, with a line-break opportunity (<wbr>) between its Japanese phrases in
 * engines without `word-break: auto-phrase`, so 「引きです」 never splits inside a word at 375 px.
 * The segmenter is handed in by whoever loads it (lib/phrase-breaks.ts, only in those engines);
 * until then, and in Chromium, a text is shown in one piece. Plain JSX: the reader (Preact) and
 * the editors (React) both render it.
 */
type Segmenter = (text: string) => string[];

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
let segmenter: Segmenter | undefined;

/** Sets the phrase segmenter every <Phrased> uses from now on. */
export function setPhraseSegmenter(next: Segmenter): void {
  segmenter = next;
}

/** An operator's text in phrases (one piece without a segmenter, or when it is not Japanese). */
export function phrasesOf(text: string): string[] {
  if (!segmenter || !JAPANESE.test(text)) return [text];
  return segmenter(text);
}

/**
 * A postal address, which may break only after its prefecture, at its spaces and before the
 * building after the block number, never inside a name (「は/なこビル1F」 was seen at 375 px):
 * shown with `word-break: keep-all` (reader.css `p.address`), in every
 * engine alike.
 */
export function Address({ text }: { text: string }) {
  const parts = text.split(
    /(?<=^\S{2,3}?[都道府県])|(?<=[0-9０-９])(?=[^0-9０-９\s\-－ー‐−A-Za-zＡ-Ｚａ-ｚ丁番号目階条地線])/,
  );
  return (
    <>
      {parts.map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
        i === 0 ? part : [<wbr key={i} />, part],
      )}
    </>
  );
}

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
