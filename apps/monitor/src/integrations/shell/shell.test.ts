// Shell commands, run for real through /bin/sh into a scratch directory.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signedUp } from "../../../test/web/helpers.js";
import { integrationValue, kindOf } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { shellTemplate } from "./transport.js";

describe("shell command integrations", () => {
  let h: Harness;
  let dir: string;
  const out = () => readFileSync(join(dir, "out.txt"), "utf8");
  before(async () => {
    h = await startKindHarness({ MONITOR_SHELL_ENABLED: "true" });
    dir = mkdtempSync(join(tmpdir(), "beacon-shell-"));
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs the down command with the placeholders, the name and tags one word each", async () => {
    const cmd_down = `printf '%s|' $NAME "$STATUS" $TAG1 $TAG2 $CODE > ${dir}/out.txt; printf '%s' $TAGS >> ${dir}/out.txt`;
    const { check, channel } = await alertDown(h, await addIntegration(h, "shell", { cmd_down, cmd_up: "" }), { name: "it's $NAME; rm -rf /", tags: "db prod" });
    assert.equal(channel.last_error, "");
    assert.equal(out(), `it's $NAME; rm -rf /|down|db|prod|${check.uuid}|db prod`);
  });

  it("runs the up command on recovery, and nothing for a direction left empty", async () => {
    const ch = await addIntegration(h, "shell", { cmd_down: "", cmd_up: `echo "$STATUS at $NOW" > ${dir}/out.txt` });
    assert.equal(kindOf("shell")!.transport.isNoop(ch, "down"), true);
    await alertDownThenUp(h, ch);
    assert.match(out(), /^up at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00\n$/);
  });

  it("reports a failing command as the upstream does, by os.system's wait status", async () => {
    const { channel } = await alertDown(h, await addIntegration(h, "shell", { cmd_down: "exit 3", cmd_up: "" }));
    assert.equal(channel.last_error, "Command returned exit code 768");
    assert.equal(channel.disabled, 0);
    const killed = await alertDown(h, await addIntegration(h, "shell", { cmd_down: "kill -9 $$", cmd_up: "" }));
    assert.equal(killed.channel.last_error, "Command returned exit code 9");
  });

  it("sends a test notification through the command", async () => {
    const outcome = await sendTest(h, await addIntegration(h, "shell", { cmd_down: `echo $NAME > ${dir}/out.txt`, cmd_up: "" }));
    assert.deepEqual(outcome, { kind: "sent" });
    assert.equal(out(), "TEST\n");
  });

  it("is added from the dashboard, and checks create-integration's value", async () => {
    const alice = await signedUp(h, "alice@example.org");
    const base = `/projects/${h.project.uuid}/integrations/`;
    await alice.get(`${base}add/shell/`);
    assert.equal((await alice.post(`${base}add/shell/`, { name: "Logger", cmd_down: "logger $NAME down", cmd_up: "" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Logger").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { cmd_down: "logger $NAME down", cmd_up: "" });
    assert.match((await alice.post(`${base}add/shell/`, { cmd_down: "x".repeat(1001), cmd_up: "" })).text, /at most 1000 characters/);
    assert.deepEqual(integrationValue("shell", '{"cmd_down": "true"}'), { value: '{"cmd_down":"true","cmd_up":""}' });
    assert.deepEqual(integrationValue("shell", '{"cmd_down": 1}'), { error: "cmd_down must be a string" });
  });

  it("runs nothing a hostile check name or tag spells, wherever the placeholder stands", async () => {
    const pwned = join(dir, "pwned");
    const hostile = [`$(touch ${pwned})`, `\`touch ${pwned}\``, `"; touch ${pwned}; "`, `'; touch ${pwned}; '`, `x\ntouch ${pwned}\n`, `\\" $(touch ${pwned}) \\`];
    const placements = [`printf '%s' $NAME`, `printf '%s' "$NAME has gone down"`, `printf '%s' '$NAME has gone down'`, `printf '%s' "$(printf '%s' $NAME)"`];
    for (const name of hostile) {
      for (const placed of placements) {
        const ch = await addIntegration(h, "shell", { cmd_down: `${placed} > ${dir}/out.txt`, cmd_up: "" });
        const { channel } = await alertDown(h, ch, { name, tags: `${name.replace(/ /g, "_")} ok` });
        assert.equal(channel.last_error, "", `${placed} with ${name}`);
        assert.equal(existsSync(pwned), false, `${placed} ran ${JSON.stringify(name)}`);
        // A command substitution drops trailing newlines, as it always does.
        assert.ok(out().startsWith(name.replace(/\n+$/, "")), `${placed} printed ${JSON.stringify(out())} for ${JSON.stringify(name)}`);
      }
      const tags = await addIntegration(h, "shell", { cmd_down: `printf '%s|' $TAG1 "$TAGS" > ${dir}/out.txt`, cmd_up: "" });
      await alertDown(h, tags, { name: "n", tags: `${name.replace(/ /g, "_")} ok` });
      assert.equal(existsSync(pwned), false);
      const tag = name.replace(/ /g, "_");
      assert.equal(out(), `${tag.trim()}|${tag} ok|`);
    }
  });

  it("writes each placeholder as a quoted variable reference, never its value", () => {
    const names = ["NAME", "TAGS", "TAG1"];
    assert.equal(shellTemplate(`echo $NAME "$NAME!" '$NAME' \\$NAME $NAMEx $TAG10 $HOME`, names), `echo "\${NAME}" "\${NAME}!" ''"\${NAME}"'' \\$NAME "\${NAME}"x "\${TAG1}"0 $HOME`);
    assert.equal(shellTemplate(`echo "it's $TAGS" 'say "$NAME"'`, names), `echo "it's \${TAGS}" 'say "'"\${NAME}"'"'`);
  });
});

describe("shell commands, not enabled", () => {
  let h: Harness;
  before(async () => {
    h = await startKindHarness();
  });
  after(() => h.close());

  it("is not offered and runs nothing", async () => {
    const alice = await signedUp(h, "alice@example.org");
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/shell\//);
    assert.equal((await alice.get(`${base}add/shell/`)).status, 404);
    const { channel } = await alertDown(h, await addIntegration(h, "shell", { cmd_down: "true", cmd_up: "" }));
    assert.equal(channel.last_error, "Shell commands are not enabled");
  });
});
