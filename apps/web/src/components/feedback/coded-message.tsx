/**
 * A failure's text, `[code]message`, as an owner sees it: the code kept for support, but small and
 * grey (global.css), so the message reads first. The text stays the same string.
 */
export function CodedMessage({ text }: { text: string }) {
  const end = text.indexOf(']') + 1;
  return text[0] === '[' && end ? (
    <>
      <small className="error-code">{text.slice(0, end)}</small>
      {text.slice(end)}
    </>
  ) : (
    text
  );
}
