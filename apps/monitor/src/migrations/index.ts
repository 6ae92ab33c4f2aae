import type { Dialect, Migrations } from "@beacon/platform";
import { initial } from "./001_initial.js";

export function monitorMigrations(dialect: Dialect): Migrations {
  return {
    "001_initial": initial(dialect),
  };
}

export const MIGRATION_TABLE = "monitor";
