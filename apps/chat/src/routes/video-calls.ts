// Video calls: GET /calls/bigbluebutton/create hands out a signed link to this server, and
// GET /calls/bigbluebutton/join (a page, signed in) creates the meeting on the BigBlueButton
// server and redirects there with the join checksum, as Zulip's video_calls.py (lib/video-calls.ts).
import { randomBytes, randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ChatDeps } from "../deps.js";
import { handler, raising } from "../http/endpoint.js";
import { required, withDefault } from "../http/declare.js";
import { BadRequestError, RequestVariableMissingError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { readCookie } from "../http/cookies.js";
import { authenticateApiOrSession, SESSION_COOKIE } from "../http/session.js";
import { bbbChecksum, bbbQuery, bigBlueButtonConfigured, signMeeting, unsignMeeting } from "../lib/video-calls.js";

// Without a BigBlueButton secret links are still signed, with a key of this process only.
const processKey = randomBytes(32).toString("hex");
const signingKey = (deps: ChatDeps) => deps.config.bigBlueButtonSecret || processKey;

export const createBigBlueButtonCall = raising(["REQUEST_VARIABLE_MISSING"], handler(
  { meetingName: required("meeting_name", raw()), voiceOnly: withDefault("voice_only", json(bool), false) },
  async ({ deps, user }, { meetingName, voiceOnly }) => {
    const meetingId = `zulip-${randomInt(100_000_000_000, 999_999_999_999)}`;
    // The creator is the meeting's one moderator (Zulip 10.0, feature level 337).
    const signed = signMeeting({ meeting_id: meetingId, name: meetingName, lock_settings_disable_cam: voiceOnly, moderator: user.id }, signingKey(deps));
    return { url: `/calls/bigbluebutton/join?bigbluebutton=${signed}` };
  },
));

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

export function registerBigBlueButtonJoin(app: FastifyInstance, deps: ChatDeps): void {
  app.get("/calls/bigbluebutton/join", async (req, reply) => {
    // zulip_login_required: a browser without a session is sent to sign in first.
    if (req.headers.authorization === undefined && readCookie(req, SESSION_COOKIE) === undefined) return reply.redirect(`/login/?next=${encodeURIComponent(req.url)}`);
    const { user } = await authenticateApiOrSession(req, reply, deps, null);
    const { bigBlueButtonUrl: server, bigBlueButtonSecret: secret } = deps.config;
    if (!bigBlueButtonConfigured(deps.config)) throw new BadRequestError("BigBlueButton is not configured.");
    const signed = (req.query as Record<string, unknown>).bigbluebutton;
    if (typeof signed !== "string") throw new RequestVariableMissingError("bigbluebutton");
    const claim = unsignMeeting(signed, signingKey(deps));
    if (!claim) throw new BadRequestError("Invalid signature.");

    const create = bbbQuery([["meetingID", claim.meeting_id], ["name", claim.name], ["lockSettingsDisableCam", claim.lock_settings_disable_cam]]);
    let xml: string;
    try {
      const response = await fetch(`${server}/api/create?${create}&checksum=${bbbChecksum("create", create, secret)}`, { signal: AbortSignal.timeout(10_000) });
      xml = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      throw new BadRequestError(`Error connecting to the BigBlueButton server: ${(error as Error).message}`.slice(0, 300));
    }
    if (tag(xml, "messageKey") === "checksumError") throw new BadRequestError("BigBlueButton server rejected this server's credentials.");
    const status = tag(xml, "returncode");
    if (status !== "SUCCESS") throw new BadRequestError(`BigBlueButton server returned an unexpected status: ${status ?? "none"}`);

    const join = bbbQuery([
      ["meetingID", claim.meeting_id],
      ["role", claim.moderator === user.id ? "MODERATOR" : "VIEWER"],
      ["fullName", user.full_name],
      // The meeting's creation time ties the link to this instance of the meeting.
      ["createTime", tag(xml, "createTime") ?? ""],
    ]);
    return reply.redirect(`${server}/api/join?${join}&checksum=${bbbChecksum("join", join, secret)}`);
  });
}
