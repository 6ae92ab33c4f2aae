// The parameter validators, for the wire layer. They are defined in lib/validators.ts, since
// the settings tables in lib/ declare their values with them.
export * from "../lib/validators.js";
