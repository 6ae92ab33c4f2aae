// Integrations as the dashboard manages them: add (to every check, like the upstream),
// edit, remove, and choose which checks notify through each.
import type { MonitorDeps } from "../deps.js";
import { addCheckChannel, deleteChannelRow, removeCheckChannel, setChannelChecks, updateChannelRow } from "../store/channel-assignments.js";
import { listChecks } from "../store/checks.js";
import type { Account, Channel, Check, Project } from "../store/schema.js";
import { emailConf, emailConfOf } from "../integrations/email/transport.js";
import { sendVerifyLink, startsVerified } from "./email-verification.js";
import { createIntegration } from "./integrations.js";

export const MAX_INTEGRATION_NAME = 100;

/** An e-mail integration added by `actor` to an address other than their own waits for its link. */
export async function addIntegration(deps: MonitorDeps, actor: Account, project: Project, input: { kind: string; name: string; value: string }): Promise<Channel> {
  const emailVerified = input.kind === "email" && startsVerified(deps, emailConfOf(input.value).value, actor.email);
  const channel = await createIntegration(deps, project, { ...input, emailVerified });
  const checks = await listChecks(deps.db, project.id);
  await setChannelChecks(deps.db, channel.id, checks.map((c) => c.id));
  if (channel.kind === "email" && !emailVerified) await sendVerifyLink(deps, channel);
  return channel;
}

export async function updateIntegration(deps: MonitorDeps, actor: Account, channel: Channel, input: { name: string; value: string }): Promise<void> {
  // A changed configuration deserves a fresh start: forget the last delivery error.
  const changes: Parameters<typeof updateChannelRow>[2] = { name: input.name, value: input.value, last_error: "" };
  let verifying = false;
  if (channel.kind === "email") {
    // As upstream: a new address, or re-saving an unsubscribed (disabled) one, re-enables the
    // integration and verifies the address again unless it is the actor's own.
    const address = emailConfOf(input.value).value;
    if (channel.disabled || address !== emailConf(channel).value) {
      changes.disabled = 0;
      changes.email_verified = startsVerified(deps, address, actor.email) ? 1 : 0;
    }
    verifying = (changes.email_verified ?? channel.email_verified) === 0;
  }
  await updateChannelRow(deps.db, channel.id, changes);
  if (verifying) await sendVerifyLink(deps, { ...channel, ...changes });
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
