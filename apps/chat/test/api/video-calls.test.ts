import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { badRequest, basic, chatTest, type Account, type ChatTest } from "../helpers.js";

const SECRET = "bbb-shared-secret";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A BigBlueButton server's create call: checks the checksum as BigBlueButton does. */
function fakeBigBlueButton(): { server: Server; calls: URL[] } {
  const calls: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url!, "http://bbb");
    calls.push(url);
    const query = url.search.slice(1).replace(/&checksum=[0-9a-f]+$/, "");
    const valid = url.pathname === "/bigbluebutton/api/create" && url.searchParams.get("checksum") === sha256(`create${query}${SECRET}`);
    res.setHeader("content-type", "text/xml");
    res.end(
      valid
        ? `<response><returncode>SUCCESS</returncode><meetingID>${url.searchParams.get("meetingID")}</meetingID><createTime>1736942400123</createTime></response>`
        : "<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey></response>",
    );
  });
  return { server, calls };
}

describe("video calls: video_chat_provider, GET /calls/bigbluebutton/create and the join link", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  const bbb = fakeBigBlueButton();
  let bbbUrl: string;

  before(async () => {
    await new Promise<void>((resolve) => bbb.server.listen(9517, "127.0.0.1", resolve));
    bbbUrl = `http://127.0.0.1:${(bbb.server.address() as AddressInfo).port}/bigbluebutton`;
    t = await chatTest({ config: { bigBlueButtonUrl: bbbUrl, bigBlueButtonSecret: SECRET } });
    owner = await t.realm();
    member = await t.user(owner, { name: "Mia Member" });
  });
  after(async () => {
    await t.close();
    await new Promise((resolve) => bbb.server.close(resolve));
  });

  const join = (who: Account | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: { host: owner.host, ...(who ? { authorization: basic(who.email, who.apiKey) } : {}) } });

  it("defaults to Jitsi Meet and lists BigBlueButton once it is configured, with the Jitsi server in /register", async () => {
    const state = (await t.call(owner, "POST", "/register", { fetch_event_types: ["realm"] })).body;
    assert.equal(state.realm_video_chat_provider, 1);
    assert.deepEqual(state.realm_available_video_chat_providers, {
      disabled: { name: "None", id: 0 },
      jitsi_meet: { name: "Jitsi Meet", id: 1 },
      big_blue_button: { name: "BigBlueButton", id: 4 },
    });
    assert.deepEqual([state.server_jitsi_server_url, state.jitsi_server_url, state.realm_jitsi_server_url], ["https://meet.jit.si", "https://meet.jit.si", null]);
    assert.equal((await t.call(owner, "PATCH", "/realm", { video_chat_provider: 4 })).status, 200);
    assert.equal((await t.call(owner, "POST", "/register", { fetch_event_types: ["realm"] })).body.realm_video_chat_provider, 4);
  });

  it("hands out a signed join link that creates the meeting and makes its creator the moderator", async () => {
    const created = await t.call(owner, "GET", "/calls/bigbluebutton/create", { meeting_name: "design review", voice_only: true });
    assert.equal(created.status, 200);
    assert.match(created.body.url, /^\/calls\/bigbluebutton\/join\?bigbluebutton=[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);

    const mine = await join(owner, created.body.url);
    assert.equal(mine.statusCode, 302);
    const create = bbb.calls.at(-1)!;
    assert.match(create.searchParams.get("meetingID")!, /^zulip-\d{12}$/);
    assert.deepEqual([create.searchParams.get("name"), create.searchParams.get("lockSettingsDisableCam")], ["design review", "True"]);
    assert.match(create.search, /name=design%20review/, "spaces quoted as %20, as Python's quote");
    const redirect = new URL(mine.headers.location as string);
    assert.equal(`${redirect.origin}${redirect.pathname}`, `${bbbUrl}/api/join`);
    const query = redirect.search.slice(1).replace(/&checksum=[0-9a-f]+$/, "");
    assert.equal(redirect.searchParams.get("checksum"), sha256(`join${query}${SECRET}`));
    assert.deepEqual(
      ["meetingID", "role", "fullName", "createTime"].map((k) => redirect.searchParams.get(k)),
      [create.searchParams.get("meetingID"), "MODERATOR", (await t.call(owner, "GET", "/users/me")).body.full_name, "1736942400123"],
    );

    const theirs = new URL((await join(member, created.body.url)).headers.location as string);
    assert.deepEqual([theirs.searchParams.get("role"), theirs.searchParams.get("fullName")], ["VIEWER", "Mia Member"]);
  });

  it("refuses a link edited into another meeting, asks browsers to sign in, and checks its parameters", async () => {
    const { url } = (await t.call(member, "GET", "/calls/bigbluebutton/create", { meeting_name: "standup" })).body;
    const [payload, mac] = url.split("=")[1].split(":");
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString());
    forged.moderator = member.id + 1000;
    const tampered = await join(member, `/calls/bigbluebutton/join?bigbluebutton=${Buffer.from(JSON.stringify(forged)).toString("base64url")}:${mac}`);
    assert.deepEqual([tampered.statusCode, tampered.json()], [400, badRequest("Invalid signature.")]);
    const anonymous = await join(null, url);
    assert.deepEqual([anonymous.statusCode, anonymous.headers.location], [302, `/login/?next=${encodeURIComponent(url)}`]);
    assert.equal((await join(member, "/calls/bigbluebutton/join")).json().code, "REQUEST_VARIABLE_MISSING");
    assert.equal((await t.call(member, "GET", "/calls/bigbluebutton/create", {})).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("says BigBlueButton is not configured on a server without it, and offers only None and Jitsi", async () => {
    const plain = await chatTest();
    try {
      const admin = await plain.realm();
      const state = (await plain.call(admin, "POST", "/register", { fetch_event_types: ["realm"] })).body;
      assert.deepEqual(Object.keys(state.realm_available_video_chat_providers), ["disabled", "jitsi_meet"]);
      const { url } = (await plain.call(admin, "GET", "/calls/bigbluebutton/create", { meeting_name: "x" })).body;
      const res = await plain.app.inject({ method: "GET", url, headers: { host: admin.host, authorization: basic(admin.email, admin.apiKey) } });
      assert.deepEqual([res.statusCode, res.json()], [400, badRequest("BigBlueButton is not configured.")]);
    } finally {
      await plain.close();
    }
  });
});
