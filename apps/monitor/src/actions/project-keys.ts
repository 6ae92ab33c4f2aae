// Creating and revoking a project's keys from its settings page. API keys are stored
// hashed, so a new one is returned to be shown once; the ping key is not a secret in the
// same sense (it is part of every slug ping URL) and is stored as is.
import type { MonitorDeps } from "../deps.js";
import { generateApiKey, generatePingKey, hashApiKey } from "../lib/keys.js";
import { renameProject, setProjectKey, setProjectKeyIfUnset, type KeyColumn } from "../store/project-settings.js";
import type { Project } from "../store/schema.js";

export type ProjectKeyKind = "api_key" | "api_key_readonly" | "ping_key";

export const PROJECT_KEY_KINDS: readonly ProjectKeyKind[] = ["api_key", "api_key_readonly", "ping_key"];

const COLUMNS: Record<ProjectKeyKind, KeyColumn> = {
  api_key: "api_key_hash",
  api_key_readonly: "api_key_readonly_hash",
  ping_key: "ping_key",
};

function generate(kind: ProjectKeyKind): { key: string; stored: string } {
  if (kind === "ping_key") {
    const key = generatePingKey();
    return { key, stored: key };
  }
  const key = generateApiKey(kind === "api_key" ? "rw" : "ro");
  return { key, stored: hashApiKey(key) };
}

export type CreateKeyOutcome = { kind: "created"; key: string } | { kind: "exists" };

/** Like the upstream, a key is created only where none is set: revoke first to replace one. */
export async function createProjectKey(deps: MonitorDeps, project: Project, kind: ProjectKeyKind): Promise<CreateKeyOutcome> {
  const { key, stored } = generate(kind);
  return (await setProjectKeyIfUnset(deps.db, project.id, COLUMNS[kind], stored)) ? { kind: "created", key } : { kind: "exists" };
}

/** The API stops accepting the key at once: it is looked up by hash on every request. */
export async function revokeProjectKey(deps: MonitorDeps, project: Project, kind: ProjectKeyKind): Promise<void> {
  await setProjectKey(deps.db, project.id, COLUMNS[kind], null);
}

export function projectKeyIsSet(project: Project, kind: ProjectKeyKind): boolean {
  return project[COLUMNS[kind]] !== null;
}

export const MAX_PROJECT_NAME = 60;

export async function setProjectName(deps: MonitorDeps, project: Project, name: string): Promise<{ ok: true } | { error: string }> {
  const trimmed = name.trim();
  if (trimmed === "") return { error: "Please enter a project name." };
  if ([...trimmed].length > MAX_PROJECT_NAME) return { error: `The name may be at most ${MAX_PROJECT_NAME} characters long.` };
  await renameProject(deps.db, project.id, trimmed);
  return { ok: true };
}

/**
 * Replaces a key at once (the management API, docs/monitor-extensions.md): the old one stops
 * working with this write, and the new one is returned to be shown once.
 */
export async function rotateProjectKey(deps: MonitorDeps, project: Project, kind: ProjectKeyKind): Promise<string> {
  const { key, stored } = generate(kind);
  await setProjectKey(deps.db, project.id, COLUMNS[kind], stored);
  return key;
}
