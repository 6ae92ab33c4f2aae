// Rendered channel descriptions. Until the Markdown renderer lands, a description renders as
// one escaped paragraph.
export function renderDescription(description: string): string {
  if (!description) return "";
  const escaped = description.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return `<p>${escaped}</p>`;
}
