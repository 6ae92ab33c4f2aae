import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createIntegration } from "../../src/actions/integrations.js";
import { createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("integration icons in the checks list", () => {
  let h: Harness;
  let alice: WebClient;
  let list: string;
  const icons = (text: string, uuid: string) => {
    const row = new RegExp(`<tr data-uuid="${uuid}"[\\s\\S]*?</tr>`).exec(text)![0];
    return [...row.matchAll(/<(button|span) (?:type="button" )?class="ic( off)?" title="([^"]+)"/g)].map((m) => ({ tag: m[1], on: !m[2], title: m[3] }));
  };

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    list = `/projects/${h.project.uuid}/checks/`;
  });
  after(() => h.close());

  it("shows every integration of the project on each check, dimmed where it is off", async () => {
    const mail = await createIntegration(h.deps, h.project, { kind: "email", name: "Ops mail", value: "ops@example.org" });
    await createIntegration(h.deps, h.project, { kind: "telegram", name: "", value: '{"id": -5, "type": "group", "name": "Ops"}' });
    const check = await createCheckVia(h, { name: "Backups", channels: mail.uuid });
    const page = await alice.get(list);
    assert.deepEqual(icons(page.text, check.uuid), [
      { tag: "button", on: true, title: "Ops mail (Email): on" },
      { tag: "button", on: false, title: "Telegram group Ops: off" },
    ]);
    assert.match(page.text, /<th class="integrations-cell">Integrations<\/th>/);
  });

  it("switches an integration for one check in place, answering JSON", async () => {
    const check = await createCheckVia(h, { name: "Reports", channels: "" });
    const [first] = await h.deps.db.selectFrom("channels").selectAll().where("project_id", "=", h.project.id).orderBy("id").execute();
    const on = await alice.app.inject({
      method: "POST",
      url: `/checks/${check.uuid}/channels/${first.uuid}/`,
      headers: { cookie: alice.cookie!, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ enabled: "1", csrf: alice.csrf! }).toString(),
    });
    assert.equal(on.statusCode, 200);
    assert.deepEqual(JSON.parse(on.body), { enabled: true });
    assert.equal(icons((await alice.get(list)).text, check.uuid)[0].on, true);
    const form = await alice.post(`/checks/${check.uuid}/channels/${first.uuid}/`, { enabled: "0" });
    assert.equal(form.status, 303, "a form without JavaScript still reloads the check's page");
    assert.equal(icons((await alice.get(list)).text, check.uuid)[0].on, false);
  });

  it("shows a read-only member the icons without switches", async () => {
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    const carol = await signedUp(h, "carol@example.org");
    await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "carol@example.org", role: "ro" });
    const [check] = await h.deps.db.selectFrom("checks").select("uuid").where("name", "=", "Backups").execute();
    const seen = icons((await carol.get(list)).text, check.uuid);
    assert.deepEqual(seen.map((i) => i.tag), ["span", "span"]);
  });

  it("counts instead of drawing once a project has more than ten integrations", async () => {
    for (let i = 0; i < 9; i++) await createIntegration(h.deps, h.project, { kind: "webhook", name: `Hook ${i}`, value: "" });
    const [check] = await h.deps.db.selectFrom("checks").select("uuid").where("name", "=", "Backups").execute();
    const row = new RegExp(`<tr data-uuid="${check.uuid}"[\\s\\S]*?</tr>`).exec((await alice.get(list)).text)![0];
    assert.match(row, /<span class="muted small">1 of 11<\/span>/);
  });
});
