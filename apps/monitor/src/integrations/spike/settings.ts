import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const spikeSettings = kindSettings({ enabled: setting("MONITOR_SPIKE_ENABLED", true, parse.boolean, "deliver Spike integrations (upstream SPIKE_ENABLED)") }, ["enabled"]);
