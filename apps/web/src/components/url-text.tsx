/**
 * An address shown as text (a code's short URL, a channel page's): it may break after a `/` and
 * nowhere else, so a host and its port stay one piece (「:45/17」 was seen at 375 px). A `<wbr>`
 * after each `/` but the scheme's first; the page's `overflow-wrap: anywhere` still breaks a part
 * wider than the whole line.
 */
export function UrlText({ children }: { children: string }) {
  return children.split(/(?<=\/)(?!\/)/).flatMap((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
    i ? [<wbr key={i} />, part] : part,
  );
}
