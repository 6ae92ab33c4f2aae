export * from "./database.js";
export * from "./clock.js";
export * from "./ports.js";
export * from "./faulty-proxy.js";
export * from "./outage-load.js";
export * from "./copy-rows.js";
export * from "./logs.js";
