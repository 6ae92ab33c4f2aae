export * from "./config.js";
export * from "./log.js";
export * from "./clock.js";
export * from "./db.js";
export * from "./migrate.js";
export * from "./http.js";
export * from "./cli.js";
export * from "./passwords.js";
