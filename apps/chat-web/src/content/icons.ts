// Small stroke icons for the content widgets, built as DOM nodes (no HTML strings), drawn on
// a 24-unit grid in currentColor.
const SVG_NS = "http://www.w3.org/2000/svg";

type Shape = ["path", string] | ["rect", number, number, number, number, number] | ["circle", number, number, number];

const SHAPES = {
  chevron: [["path", "M6 9l6 6 6-6"]],
  copy: [
    ["rect", 9, 9, 11, 11, 2],
    ["path", "M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"],
  ],
  check: [["path", "M5 12.5l4.5 4.5L19 7.5"]],
  clock: [
    ["circle", 12, 12, 9],
    ["path", "M12 7v5l3.2 2"],
  ],
  message: [["path", "M5 5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-7l-4.5 3.5V16H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"]],
  image: [
    ["rect", 3, 4, 18, 16, 2],
    ["circle", 9, 9.5, 1.8],
    ["path", "M21 16l-5.5-5.5L5 20"],
  ],
} satisfies Record<string, Shape[]>;

export type IconName = keyof typeof SHAPES;

export function icon(name: IconName, className: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("fill", "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", className);
  for (const shape of SHAPES[name] as Shape[]) {
    const el = document.createElementNS(SVG_NS, shape[0]);
    if (shape[0] === "path") {
      el.setAttribute("d", shape[1]);
    } else if (shape[0] === "rect") {
      const [, x, y, width, height, rx] = shape;
      for (const [k, v] of Object.entries({ x, y, width, height, rx })) el.setAttribute(k, String(v));
    } else {
      const [, cx, cy, r] = shape;
      for (const [k, v] of Object.entries({ cx, cy, r })) el.setAttribute(k, String(v));
    }
    svg.append(el);
  }
  return svg;
}
