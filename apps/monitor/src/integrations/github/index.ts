// GitHub: an issue opened when a check goes down (transport.ts), as a GitHub app's
// installation (client.ts, settings.ts), set up through GitHub's authorization (routes.ts).
// Stored as the upstream stores it: {"installation_id": 123, "repo": "owner/name", "labels": […]}.
import { defineKind } from "../kind.js";
import { parseConfig, str } from "../form.js";
import { jsonObject } from "../values.js";
import { githubRoutes, setupPage } from "./routes.js";
import { githubSettings } from "./settings.js";
import { githubTransport } from "./transport.js";
import { githubIcon } from "./icon.js";

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  if (!Number.isInteger(doc.installation_id) || (doc.installation_id as number) <= 0) throw new Error("installation_id must be the GitHub app installation's id (a positive whole number)");
  if (typeof doc.repo !== "string" || !/^(?!\.+\/)[\w.-]+\/(?!\.+$)[\w.-]+$/.test(doc.repo)) throw new Error('repo must be "owner/name"');
  const labels = doc.labels ?? [];
  if (!Array.isArray(labels) || labels.some((l) => typeof l !== "string" || l === "")) throw new Error("labels must be a list of label names");
  return JSON.stringify({ installation_id: doc.installation_id, repo: doc.repo, labels });
}

export const github = defineKind({
  kind: "github",
  title: "GitHub",
  blurb: "Opens an issue in a GitHub repository when a check goes down.",
  icon: githubIcon,
  settings: githubSettings,
  transport: githubTransport,
  checkValue,
  summary: (channel) => str(parseConfig(channel.value).repo),
  setup: { page: setupPage },
  routes: githubRoutes,
});
