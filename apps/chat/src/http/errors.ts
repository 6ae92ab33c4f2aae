// Zulip's error classes, for the wire layer. They are defined in lib/errors.ts, since pure
// logic (topics, narrows, settings) throws them too and lib/ imports nothing from http/.
export * from "../lib/errors.js";
