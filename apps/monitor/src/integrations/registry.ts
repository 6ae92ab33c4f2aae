// The integration kinds, looked up by name. The alert worker, the API, the dashboard and the
// CLI know kinds only through this module; what one kind does is in its folder.
import type { MonitorConfig } from "../config.js";
import type { Channel } from "../store/schema.js";
import type { Transport } from "./alert.js";
import { unbuiltKind, type IntegrationKind } from "./kind.js";
import * as listed from "./kinds.js";

export const KINDS: readonly IntegrationKind[] = Object.values(listed);

const BY_NAME = new Map(KINDS.map((k) => [k.kind, k]));

export function kindOf(name: string): IntegrationKind | undefined {
  return BY_NAME.get(name);
}

export function isKnownKind(name: string): boolean {
  return BY_NAME.has(name);
}

/** Display name of any kind, including one this server does not know (its row shows the name). */
export function kindTitle(name: string): string {
  return kindOf(name)?.title ?? name;
}

// An integration provisioned by name and kind alone has no configuration yet: it is a no-op
// for every kind, so it neither alerts nor trips a transport's parser.
const guarded = new Map<string, Transport>(
  KINDS.map((k) => [k.kind, { ...k.transport, isNoop: (channel, status) => channel.value.trim() === "" || k.transport.isNoop(channel, status) }]),
);

export function transportFor(name: string): Transport {
  return guarded.get(name) ?? unbuiltKind(name, name).transport;
}

/** One line about a stored integration; a value the kind cannot read gives none. */
export function summaryOf(channel: Channel): string {
  try {
    return kindOf(channel.kind)?.summary(channel) ?? "";
  } catch {
    return "";
  }
}

/** How to name an integration to a person: its name and kind, or its kind and summary ("Telegram group Ops"). */
export function channelLabel(channel: Channel): string {
  const title = kindTitle(channel.kind);
  return channel.name ? `${channel.name} (${title})` : `${title} ${summaryOf(channel)}`.trim();
}

export function notesOf(channel: Channel): string[] {
  return (kindOf(channel.kind) ?? unbuiltKind(channel.kind, channel.kind)).notes(channel);
}

/** How a required setting is named to the operator: "MONITOR_TELEGRAM_TOKEN", "MONITOR_SLACK_ENABLED=true". */
function settingName(kind: IntegrationKind, key: string): string {
  const setting = kind.settings.spec[key];
  return typeof setting.default === "boolean" ? `${setting.env}=true` : setting.env;
}

export function requiredSettings(kind: IntegrationKind): string[] {
  return kind.settings.required.map((key) => settingName(kind, key));
}

/** The required settings a kind still lacks here. */
export function missingSettings(kind: IntegrationKind, config: MonitorConfig): string[] {
  const values = kind.settings.of(config) as Record<string, unknown>;
  return kind.settings.required
    .filter((key) => values[key] === "" || values[key] === false || values[key] === null || values[key] === undefined)
    .map((key) => settingName(kind, key));
}

/** Why a kind cannot be set up on this server, or null when it can. */
export function unavailableReason(kind: IntegrationKind, config: MonitorConfig): string | null {
  const missing = missingSettings(kind, config);
  if (missing.length === 0) return null;
  return `${kind.title} integrations are off on this server: set ${missing.join(" and ")}.`;
}

/** The kinds the dashboard offers to add here, by title. */
export function offeredKinds(config: MonitorConfig): IntegrationKind[] {
  return KINDS.filter((k) => k.delivers && k.setup && missingSettings(k, config).length === 0).sort((a, b) => a.title.localeCompare(b.title));
}

export type ValueResult = { value: string } | { error: string };

/** `create-integration --value` of a known kind: checked and stored in the upstream's format. */
export function integrationValue(name: string, raw: string): ValueResult {
  const kind = kindOf(name);
  // An integration provisioned by name and kind alone is valid: like a webhook with no URL
  // for a direction upstream, it delivers nothing until it is configured.
  if (!kind || raw.trim() === "") return { value: raw };
  try {
    return { value: kind.checkValue(raw) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
