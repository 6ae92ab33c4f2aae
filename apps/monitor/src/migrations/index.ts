import { servingProcessesMigration, type Dialect, type Migrations } from "@beacon/platform";
import { initial } from "./001_initial.js";
import { alerts } from "./002_alerts.js";
import { dashboard } from "./003_dashboard.js";
import { emailVerification } from "./004_email_verification.js";
import { tokenBuckets } from "./005_token_buckets.js";
import { checksFillfactor } from "./006_checks_fillfactor.js";
import { webFlashes } from "./007_web_flashes.js";
import { webProfiles } from "./008_web_profiles.js";
import { checkExtensions } from "./009_check_extensions.js";
import { throttleCounters } from "./010_throttle_counters.js";
import { checkDependencies } from "./011_check_dependencies.js";
import { maintenanceWindows } from "./012_maintenance_windows.js";
import { closedHolds } from "./013_closed_holds.js";
import { heldAlertRows } from "./015_held_alert_rows.js";
import { flipHolds } from "./016_flip_holds.js";

export function monitorMigrations(dialect: Dialect): Migrations {
  return {
    "001_initial": initial(dialect),
    "002_alerts": alerts(dialect),
    "003_dashboard": dashboard(dialect),
    "004_email_verification": emailVerification(dialect),
    "005_token_buckets": tokenBuckets(dialect),
    "006_checks_fillfactor": checksFillfactor(dialect),
    "007_web_flashes": webFlashes(dialect),
    "008_web_profiles": webProfiles(dialect),
    "009_check_extensions": checkExtensions(dialect),
    "010_throttle_counters": throttleCounters(dialect),
    "011_check_dependencies": checkDependencies(dialect),
    "012_maintenance_windows": maintenanceWindows(dialect),
    "013_closed_holds": closedHolds(dialect),
    "014_serving_processes": servingProcessesMigration(), // the platform's table (settings-agreement.ts)
    "015_held_alert_rows": heldAlertRows(dialect),
    "016_flip_holds": flipHolds(dialect),
  };
}

export const MIGRATION_TABLE = "monitor";
