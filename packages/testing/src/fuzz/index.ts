// Property-based fuzzing of HTTP routes: hostile values, bodies and headers, and a runner that
// fails on any answer of 500 or above. Imported apart from the rest of the testing helpers
// (`@beacon/testing/fuzz`) so that only fuzz tests load fast-check.
export * from "./routes.js";
export * from "./values.js";
export * from "./bodies.js";
export * from "./request.js";
export * from "./runner.js";
