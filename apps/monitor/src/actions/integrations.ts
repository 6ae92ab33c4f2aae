// Integrations (upstream "channels"). The API only lists them; they are made here.
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { insertChannel } from "../store/channels.js";
import type { Channel, Project } from "../store/schema.js";

export const INTEGRATION_KINDS = [
  "apprise", "call", "discord", "email", "github", "googlechat", "gotify", "group", "matrix", "mattermost",
  "msteamsw", "ntfy", "opsgenie", "pagertree", "pd", "po", "pushbullet", "rocketchat", "shell", "signal",
  "slack", "sms", "spike", "telegram", "trello", "victorops", "webhook", "whatsapp", "zulip",
] as const;

export function isIntegrationKind(kind: string): boolean {
  return (INTEGRATION_KINDS as readonly string[]).includes(kind);
}

export async function createIntegration(deps: MonitorDeps, project: Project, input: { kind: string; name: string; value: string }): Promise<Channel> {
  return insertChannel(deps.db, {
    uuid: randomUUID(),
    project_id: project.id,
    kind: input.kind,
    name: input.name,
    value: input.value,
    disabled: 0,
    last_error: "",
    created: deps.clock.now().getTime(),
    last_notify: null,
    last_notify_duration: null,
  });
}
