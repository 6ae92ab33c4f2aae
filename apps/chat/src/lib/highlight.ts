// Search highlighting for match_content / match_subject: wraps keyword matches in
// <span class="highlight"> inside the text of rendered HTML, never inside tags.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function pattern(words: string[], phrases: string[]): RegExp | null {
  // A keyword matches words starting with it (the search engines stem: "run" finds "running").
  const alternatives = [...phrases.map((p) => escapeRegExp(p)), ...words.map((w) => `${escapeRegExp(w)}[\\p{L}\\p{N}_]*`)];
  if (!alternatives.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}_])(${alternatives.join("|")})`, "giu");
}

export function highlightHtml(html: string, words: string[], phrases: string[]): string {
  const re = pattern(words, phrases);
  if (!re) return html;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") ? part : part.replace(re, '<span class="highlight">$1</span>')))
    .join("");
}

export function highlightText(text: string, words: string[], phrases: string[]): string {
  return highlightHtml(escapeHtml(text), words, phrases);
}
