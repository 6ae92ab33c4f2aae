// The palette new subscriptions draw from: the first colour the user is not already using.
export const STREAM_COLORS = [
  "#76ce90", "#fae589", "#a6c7e5", "#e79ab5", "#bfd56f", "#f4ae55", "#b0a5fd", "#addfe5",
  "#f5ce6e", "#c2726a", "#94c849", "#bd86e5", "#ee7e4a", "#a6dcbf", "#95a5fd", "#53a063",
  "#9987e1", "#e4523d", "#c2c2c2", "#4f8de4", "#c6a8ad", "#e7cc4d", "#c8bebf", "#a47462",
];

export function pickColor(used: Iterable<string>): string {
  const taken = new Set(used);
  const free = STREAM_COLORS.find((c) => !taken.has(c));
  return free ?? STREAM_COLORS[taken.size % STREAM_COLORS.length];
}
