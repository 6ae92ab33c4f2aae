// What an integration kind needs from the environment. Each kind declares its settings in its
// folder's settings.ts, beside nothing else, so that the monitor's config can load them
// (all-settings.ts) without importing the kinds' transports, forms and pages.
import { loadConfig, type ConfigOf, type SettingsSpec } from "@beacon/platform";

/** Settings of every kind, as loaded with the monitor's config (keyed by each kind's spec). */
export type IntegrationSettings = ReadonlyMap<SettingsSpec, unknown>;

/** What `KindSettings.of` reads: the loaded monitor config, or anything that carries its integration settings. */
export interface WithIntegrationSettings {
  readonly integrations?: IntegrationSettings;
}

export interface KindSettings<S extends SettingsSpec = any> {
  readonly spec: S;
  /** Keys of `spec` without which the kind cannot be set up: hidden on the dashboard, refused by the CLI. */
  readonly required: readonly (keyof S & string)[];
  /** This kind's values, typed. */
  of(config: WithIntegrationSettings): ConfigOf<S>;
}

/**
 * A kind's environment settings. They are read when the monitor's config is loaded, so a bad
 * value stops the start like any other setting, and scripts/config-docs.ts lists them.
 */
export function kindSettings<S extends SettingsSpec>(spec: S, required: readonly (keyof S & string)[] = []): KindSettings<S> {
  return { spec, required, of: (config) => (config.integrations?.get(spec) ?? loadConfig(spec, {}, {})) as ConfigOf<S> };
}

/** The settings of a kind that needs none. */
export const noSettings = kindSettings({});
