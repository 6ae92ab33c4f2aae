// The machinery of Python-Markdown's block parser (blocks.ts lists the processors Zulip
// configures): a stack of states, and blank-line-separated chunks offered to each processor
// in turn until one takes it.
import { Element } from "./element.js";

export interface BlockProcessor {
  test(parser: BlockParser, parent: Element, block: string): boolean;
  /** Returns false when it declines after all (the next processor is tried). */
  run(parser: BlockParser, parent: Element, blocks: string[]): boolean | void;
}

export class BlockParser {
  private state: string[] = [];
  readonly processors: BlockProcessor[];
  /** Mentions inside quotes are silenced; the rewrite is supplied by the caller. */
  readonly silenceMentions: (line: string) => string;

  constructor(processors: BlockProcessor[], silenceMentions: (line: string) => string) {
    this.processors = processors;
    this.silenceMentions = silenceMentions;
  }

  setState(s: string): void {
    this.state.push(s);
  }

  resetState(): void {
    this.state.pop();
  }

  isState(s: string): boolean {
    return this.state.length > 0 && this.state[this.state.length - 1] === s;
  }

  parseDocument(lines: string[]): Element {
    const root = new Element("div");
    this.parseChunk(root, lines.join("\n"));
    return root;
  }

  parseChunk(parent: Element, text: string): void {
    this.parseBlocks(parent, text.split("\n\n"));
  }

  parseBlocks(parent: Element, blocks: string[]): void {
    while (blocks.length > 0) {
      for (const processor of this.processors) {
        if (processor.test(this, parent, blocks[0])) {
          if (processor.run(this, parent, blocks) !== false) break;
        }
      }
    }
  }
}

export function lastChild(parent: Element): Element | undefined {
  return parent.children[parent.children.length - 1];
}

export function looseDetab(text: string, level: number, tabLength: number): string {
  const prefix = " ".repeat(tabLength * level);
  return text
    .split("\n")
    .map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line))
    .join("\n");
}
