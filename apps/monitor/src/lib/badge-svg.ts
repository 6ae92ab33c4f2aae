// Badge images in the flat two-part style: label on grey, status on its colour.

// Text widths at 11px, per character, as the upstream sizes its badges (unknown: 7).
const WIDTHS: Record<string, number> = {
  a: 7, b: 7, c: 6, d: 7, e: 6, f: 4, g: 7, h: 7, i: 3, j: 3, k: 7, l: 3, m: 10, n: 7, o: 7, p: 7, q: 7, r: 4,
  s: 6, t: 5, u: 7, v: 7, w: 9, x: 6, y: 7, z: 7,
  "0": 7, "1": 6, "2": 7, "3": 7, "4": 7, "5": 7, "6": 7, "7": 7, "8": 7, "9": 7,
  A: 8, B: 7, C: 8, D: 8, E: 7, F: 6, G: 9, H: 8, I: 3, J: 4, K: 7, L: 6, M: 10, N: 8, O: 9, P: 6, Q: 9, R: 7,
  S: 7, T: 7, U: 8, V: 8, W: 11, X: 7, Y: 7, Z: 7, "-": 4, _: 6,
};

export type BadgeStatus = "up" | "late" | "down";

export const BADGE_COLORS: Record<BadgeStatus, string> = { up: "#4c1", late: "#fe7d37", down: "#e05d44" };

function textWidth(text: string): number {
  let total = 0;
  for (const ch of text) total += WIDTHS[ch] ?? 7;
  return total;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** compat: Python prints these halves as floats ("35.0"). */
const half = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));

export function badgeSvg(label: string, status: BadgeStatus): string {
  const w1 = textWidth(label) + 10;
  const w2 = textWidth(status) + 10;
  const width = w1 + w2;
  const text = escapeXml(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20">
  <linearGradient id="smooth" x2="0" y2="100%">
    <stop offset="0" stop-color="#bbb" stop-opacity=".1"/>
    <stop offset="1" stop-opacity=".1"/>
  </linearGradient>
  <mask id="round">
    <rect width="${width}" height="20" rx="3" fill="#fff"/>
  </mask>
  <g mask="url(#round)">
    <rect width="${w1}" height="20" fill="#555"/>
    <rect x="${w1}" width="${w2}" height="20" fill="${BADGE_COLORS[status]}"/>
    <rect width="${width}" height="20" fill="url(#smooth)"/>
  </g>
  <g fill="#fff" text-anchor="middle" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11">
    <text x="${half(w1 / 2)}" y="15" fill="#010101" fill-opacity=".3">${text}</text>
    <text x="${half(w1 / 2)}" y="14">${text}</text>
    <text x="${half(w1 + w2 / 2)}" y="15" fill="#010101" fill-opacity=".3">${status}</text>
    <text x="${half(w1 + w2 / 2)}" y="14">${status}</text>
  </g>
</svg>
`;
}
