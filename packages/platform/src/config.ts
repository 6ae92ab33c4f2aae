// Typed settings read from environment variables, with command-line overrides on top.
// Each app lists its settings in one place (its config.ts); a bad value stops the start
// with a message naming the variable.

export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface Setting<T> {
  env: string;
  default: T;
  description: string;
  parse: (raw: string, env: string) => T;
}

export type SettingsSpec = Record<string, Setting<unknown>>;
export type ConfigOf<S extends SettingsSpec> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

export function loadConfig<S extends SettingsSpec>(
  spec: S,
  overrides: Partial<Record<keyof S, string | undefined>> = {},
  env: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(spec)) {
    const raw = overrides[key] ?? env[setting.env];
    out[key] = raw === undefined || raw === "" ? setting.default : setting.parse(raw, setting.env);
  }
  return out as ConfigOf<S>;
}

export const parse = {
  string: (raw: string) => raw,
  integer:
    (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
    (raw: string, env: string): number => {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${env} must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) throw new ConfigError(`${env} must be between ${min} and ${max}, got ${value}`);
      return value;
    },
  boolean: (raw: string, env: string): boolean => {
    const v = raw.trim().toLowerCase();
    if (["1", "true", "yes", "on"].includes(v)) return true;
    if (["0", "false", "no", "off"].includes(v)) return false;
    throw new ConfigError(`${env} must be true or false, got "${raw}"`);
  },
  url: (raw: string, env: string): string => {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(`${env} must be an absolute URL, got "${raw}"`);
    }
    return raw.replace(/\/+$/, "");
  },
  databaseUrl: (raw: string, env: string): string => {
    if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(raw)) {
      throw new ConfigError(`${env} must be sqlite:PATH or postgres://…, got "${raw}"`);
    }
    return raw;
  },
};

export function setting<T>(env: string, defaultValue: T, parseFn: (raw: string, env: string) => T, description: string): Setting<T> {
  return { env, default: defaultValue, parse: parseFn, description };
}
