// Loads every runtime and tool dependency the workspaces declare, so a dependency that
// does not install or load on this Node version fails here, by name.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const workspaces = [".", "packages/platform", "packages/testing", "apps/monitor", "apps/chat", "bench"];

function declared(): string[] {
  const names = new Set<string>();
  for (const dir of workspaces) {
    const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
      // Type-only packages and our own workspaces have nothing to load here.
      if (!name.startsWith("@types/") && !name.startsWith("@beacon/")) names.add(name);
    }
  }
  return [...names].sort();
}

describe("dependencies", () => {
  for (const name of declared()) {
    it(`loads ${name}`, async () => {
      assert.ok(await import(name));
    });
  }
});
