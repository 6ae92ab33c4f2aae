export * from "./database.js";
export * from "./clock.js";
export * from "./ports.js";
export * from "./faultyProxy.js";
export * from "./outageLoad.js";
export * from "./copyRows.js";
export * from "./logs.js";
