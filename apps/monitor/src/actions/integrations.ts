// Integrations (upstream "channels"). The API only lists them; they are made here.
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { insertChannel } from "../store/channels.js";
import { findOwner } from "../store/projects.js";
import type { Channel, Project } from "../store/schema.js";
import { emailConfOf } from "../integrations/email/transport.js";
import { sendVerifyLink, startsVerified } from "./email-verification.js";

export interface NewIntegration {
  kind: string;
  name: string;
  value: string;
  /** E-mail only: whether the address counts as verified from the start (see email-verification.ts). */
  emailVerified?: boolean;
}

export async function createIntegration(deps: MonitorDeps, project: Project, input: NewIntegration): Promise<Channel> {
  return insertChannel(deps.db, {
    uuid: randomUUID(),
    project_id: project.id,
    kind: input.kind,
    name: input.name,
    value: input.value,
    disabled: 0,
    email_verified: input.emailVerified ? 1 : 0,
    last_error: "",
    created: deps.clock.now().getTime(),
    last_notify: null,
    last_notify_duration: null,
  });
}

/**
 * `beacon monitor create-integration`: the project's owner is taken to be acting, so an
 * e-mail integration to the owner's own address is verified at once and any other address
 * is sent its verification link.
 */
export async function provisionIntegration(deps: MonitorDeps, project: Project, input: { kind: string; name: string; value: string }): Promise<Channel> {
  const owner = await findOwner(deps.db, project);
  const emailVerified = input.kind === "email" && startsVerified(deps, emailConfOf(input.value).value, owner.email);
  const channel = await createIntegration(deps, project, { ...input, emailVerified });
  if (channel.kind === "email" && !emailVerified) await sendVerifyLink(deps, channel);
  return channel;
}
