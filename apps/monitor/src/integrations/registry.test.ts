import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { loadMonitorConfig } from "../config.js";
import { integrationValue, kindOf, KINDS, missingSettings, offeredKinds, transportFor, unavailableReason } from "./registry.js";
import * as listed from "./kinds.js";
import { unbuiltKind } from "./kind.js";
import { ALL_SETTINGS } from "./all-settings.js";
import { noSettings } from "./settings.js";

// Healthchecks v4.3's kinds (hc/api/models.py, TRANSPORTS), the names GET /api/v3/channels/ shows.
const UPSTREAM = [
  "apprise", "call", "discord", "email", "github", "googlechat", "gotify", "group", "matrix", "mattermost",
  "msteamsw", "ntfy", "opsgenie", "pagertree", "pd", "po", "pushbullet", "rocketchat", "shell", "signal",
  "slack", "sms", "spike", "telegram", "trello", "victorops", "webhook", "whatsapp", "zulip",
];

describe("the integration kinds registry", () => {
  it("lists every upstream kind once, each from the folder of its name", () => {
    assert.deepEqual(KINDS.map((k) => k.kind).sort(), UPSTREAM);
    for (const [name, kind] of Object.entries(listed)) assert.equal(kind.kind, name, `kinds.ts exports ${name} as ${kind.kind}`);
    const folders = readdirSync(new URL(".", import.meta.url)).filter((f) => statSync(new URL(f, import.meta.url)).isDirectory() && f !== "testing");
    assert.deepEqual(folders.sort(), UPSTREAM);
  });

  it("loads every kind's settings with the config (all-settings.ts lists each one)", () => {
    const listedSpecs = new Set(ALL_SETTINGS.map((s) => s.spec));
    for (const kind of KINDS) {
      if (kind.settings === noSettings) continue;
      assert.ok(listedSpecs.has(kind.settings.spec), `${kind.kind}'s settings are missing from all-settings.ts`);
    }
    const config = loadMonitorConfig({}, { MONITOR_TELEGRAM_TOKEN: "t:1" });
    for (const s of ALL_SETTINGS) assert.ok(config.integrations.has(s.spec));
  });

  it("accepts an integration provisioned by name and kind alone, and it delivers nothing", () => {
    for (const kind of UPSTREAM) {
      assert.deepEqual(integrationValue(kind, ""), { value: "" }, kind);
      assert.equal(transportFor(kind).isNoop({ value: " " } as never, "down"), true, kind);
    }
  });

  it("stores the value of a kind Beacon does not deliver yet as given, and each alert says why", async () => {
    // A stub, as kinds.ts lists a kind not built yet (every upstream kind may be built by now).
    const stub = unbuiltKind("pigeon", "Pigeon post");
    assert.equal(stub.checkValue("coop 7"), "coop 7");
    await assert.rejects(stub.transport.notify({} as never), { message: "pigeon notifications are not supported by this server." });
    assert.deepEqual(integrationValue("carrier-pigeon", "coop 7"), { value: "coop 7" });
    await assert.rejects(transportFor("carrier-pigeon").notify({} as never), { message: "carrier-pigeon notifications are not supported by this server." });
  });

  it("hides a kind whose settings are off, and says which variable turns it on", () => {
    const on = loadMonitorConfig({}, {});
    const off = loadMonitorConfig({}, { MONITOR_WEBHOOKS_ENABLED: "false" });
    const webhook = kindOf("webhook")!;
    assert.deepEqual(missingSettings(webhook, on), []);
    assert.deepEqual(missingSettings(webhook, off), ["MONITOR_WEBHOOKS_ENABLED=true"]);
    assert.equal(unavailableReason(webhook, off), "Webhook integrations are off on this server: set MONITOR_WEBHOOKS_ENABLED=true.");
    assert.ok(offeredKinds(on).includes(webhook));
    assert.ok(!offeredKinds(off).includes(webhook));
  });

  it("refuses a bad value of a kind's setting at start, naming the variable", () => {
    assert.throws(() => loadMonitorConfig({}, { MONITOR_SLACK_ENABLED: "maybe" }), { message: 'MONITOR_SLACK_ENABLED must be true or false, got "maybe"' });
  });
});
