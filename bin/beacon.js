#!/usr/bin/env node
// The one command line: `beacon serve`, `beacon monitor …`, `beacon chat …`.
// Sources are TypeScript loaded through tsx, so there is no build step to forget.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./program.ts");
await main(process.argv);
