export * from "./database.js";
export * from "./clock.js";
