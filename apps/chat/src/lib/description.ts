// The plain rendering of a description: one escaped paragraph. Channel descriptions are rendered
// with the realm's Markdown (actions/render.ts renderChannelDescription); this remains the
// fallback for writes that have no realm context, and for realm and folder descriptions.
export function renderDescription(description: string): string {
  if (!description) return "";
  const escaped = description.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return `<p>${escaped}</p>`;
}
