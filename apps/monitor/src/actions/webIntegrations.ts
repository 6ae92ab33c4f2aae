// Integrations as the dashboard manages them: add (to every check, like the upstream),
// edit, remove, and choose which checks notify through each.
import type { MonitorDeps } from "../deps.js";
import { addCheckChannel, deleteChannelRow, removeCheckChannel, setChannelChecks, updateChannelRow } from "../store/channelAssignments.js";
import { listChecks } from "../store/checks.js";
import type { Channel, Check, Project } from "../store/schema.js";
import { createIntegration } from "./integrations.js";

export const MAX_INTEGRATION_NAME = 100;

export async function addIntegration(deps: MonitorDeps, project: Project, input: { kind: string; name: string; value: string }): Promise<Channel> {
  const channel = await createIntegration(deps, project, input);
  const checks = await listChecks(deps.db, project.id);
  await setChannelChecks(deps.db, channel.id, checks.map((c) => c.id));
  return channel;
}

export async function updateIntegration(deps: MonitorDeps, channel: Channel, input: { name: string; value: string }): Promise<void> {
  // A changed configuration deserves a fresh start: forget the last delivery error.
  await updateChannelRow(deps.db, channel.id, { name: input.name, value: input.value, last_error: "" });
}

export async function removeIntegration(deps: MonitorDeps, channel: Channel): Promise<void> {
  await deps.db.transaction().execute((trx) => deleteChannelRow(trx, channel.id));
}

/** Only checks of the integration's own project are kept; other ids are ignored. */
export async function setIntegrationChecks(deps: MonitorDeps, channel: Channel, checkUuids: string[]): Promise<void> {
  const wanted = new Set(checkUuids);
  const checks = await listChecks(deps.db, channel.project_id);
  await deps.db.transaction().execute((trx) => setChannelChecks(trx, channel.id, checks.filter((c) => wanted.has(c.uuid)).map((c) => c.id)));
}

export async function setCheckIntegration(deps: MonitorDeps, check: Check, channel: Channel, enabled: boolean): Promise<void> {
  if (check.project_id !== channel.project_id) return;
  if (enabled) await addCheckChannel(deps.db, check.id, channel.id);
  else await removeCheckChannel(deps.db, check.id, channel.id);
}
