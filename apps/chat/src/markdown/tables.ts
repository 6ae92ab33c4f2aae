// Pipe tables (Python-Markdown's tables extension): a chunk whose first row has cells and
// whose second row is a separator of |, :, - and spaces. Alignment goes into a style attribute.
import type { Element } from "./element.js";
import type { BlockProcessor } from "./block-parser.js";

const END_BORDER_RE = /(?<!\\)(?:\\\\)*\|$/;
const CODE_PIPES_RE = /(\\\\)|(\\`+)|(`+)|(\\\|)|(\|)/g;

interface TableShape {
  border: boolean;
  separator: string[];
}

function splitRow(row: string, border: boolean): string[] {
  if (border) {
    if (row.startsWith("|")) row = row.slice(1);
    row = row.replace(END_BORDER_RE, "");
  }
  return splitCells(row);
}

/** Splits on pipes that are not escaped and not inside a backtick code span. */
function splitCells(row: string): string[] {
  const pipes: number[] = [];
  const tics: number[] = [];
  const ticPoints: [number, number, number][] = [];
  for (const m of row.matchAll(CODE_PIPES_RE)) {
    const at = m.index;
    if (m[2]) {
      tics.push(m[2].length - 1);
      ticPoints.push([at, at + m[2].length - 1, 1]);
    } else if (m[3]) {
      tics.push(m[3].length);
      ticPoints.push([at, at + m[3].length - 1, 0]);
    } else if (m[5]) {
      pipes.push(at);
    }
  }
  const regions: [number, number][] = [];
  let pos = 0;
  while (pos < tics.length) {
    const size = tics[pos] - ticPoints[pos][2];
    const rel = size === 0 ? -1 : tics.slice(pos + 1).indexOf(size);
    if (rel === -1) {
      pos++;
      continue;
    }
    const index = rel + 1;
    regions.push([ticPoints[pos][0], ticPoints[pos + index][1]]);
    pos += index + 1;
  }
  const cells: string[] = [];
  let start = 0;
  for (const pipe of pipes) {
    if (regions.some(([a, b]) => a <= pipe && pipe <= b)) continue;
    cells.push(row.slice(start, pipe));
    start = pipe + 1;
  }
  cells.push(row.slice(start));
  return cells;
}

function shape(block: string): TableShape | null {
  const rows = block.split("\n").map((r) => r.replace(/^ +| +$/g, ""));
  if (rows.length < 2) return null;
  const header = rows[0];
  const border = header.startsWith("|") || END_BORDER_RE.test(header);
  const headerCells = splitRow(header, border);
  let isTable = headerCells.length > 1;
  if (!isTable && headerCells.length === 1 && border) {
    for (let i = 1; i < rows.length; i++) {
      isTable = rows[i].startsWith("|") || END_BORDER_RE.test(rows[i]);
      if (!isTable) break;
    }
  }
  if (!isTable) return null;
  const separator = splitRow(rows[1], border);
  if (separator.length !== headerCells.length || !/^[|:\- ]*$/.test(separator.join(""))) return null;
  return { border, separator };
}

let pending: TableShape | null = null;

export const tableProcessor: BlockProcessor = {
  test(_p, _parent, block) {
    pending = shape(block);
    return pending !== null;
  },
  run(_p, parent, blocks) {
    const { border, separator } = pending ?? (shape(blocks[0]) as TableShape);
    const lines = (blocks.shift() as string).split("\n");
    const align = separator.map((c) => {
      c = c.trim();
      if (c.startsWith(":") && c.endsWith(":")) return "center";
      if (c.startsWith(":")) return "left";
      if (c.endsWith(":")) return "right";
      return null;
    });
    const table = parent.sub("table");
    buildRow(table.sub("thead"), "th", lines[0].replace(/^ +| +$/g, ""), border, align);
    const tbody = table.sub("tbody");
    const rows = lines.slice(2);
    if (rows.length === 0) {
      const tr = tbody.sub("tr");
      for (let i = 0; i < align.length; i++) tr.sub("td");
    }
    for (const row of rows) buildRow(tbody, "td", row.replace(/^ +| +$/g, ""), border, align);
  },
};

function buildRow(parent: Element, tag: string, row: string, border: boolean, align: (string | null)[]): void {
  const tr = parent.sub("tr");
  const cells = splitRow(row, border);
  align.forEach((a, i) => {
    const cell = tr.sub(tag);
    cell.text = (cells[i] ?? "").replace(/^ +| +$/g, "");
    if (a) cell.set("style", `text-align: ${a};`);
  });
}
