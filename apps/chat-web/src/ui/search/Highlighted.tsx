// A search's topic as the server marks it (match_subject: the topic HTML-escaped, each match in
// <span class="highlight">). Read as text pieces, never as markup: the topic is user text.
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]!);

/** The pieces of a match_subject: [text, marked] pairs in order. */
export function highlightPieces(html: string): { text: string; marked: boolean }[] {
  const pieces: { text: string; marked: boolean }[] = [];
  const pattern = /<span class="highlight">([\s\S]*?)<\/span>/g;
  let at = 0;
  for (const match of html.matchAll(pattern)) {
    if (match.index > at) pieces.push({ text: unescape(html.slice(at, match.index).replace(/<[^>]*>/g, "")), marked: false });
    pieces.push({ text: unescape(match[1]!.replace(/<[^>]*>/g, "")), marked: true });
    at = match.index + match[0].length;
  }
  if (at < html.length) pieces.push({ text: unescape(html.slice(at).replace(/<[^>]*>/g, "")), marked: false });
  return pieces;
}

export function Highlighted({ html }: { html: string }) {
  return <>{highlightPieces(html).map((p, i) => (p.marked ? <span key={i} class="highlight">{p.text}</span> : p.text))}</>;
}
