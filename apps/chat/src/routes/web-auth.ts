// The web app's sign-in, sign-out and sign-up (docs/chat.md, "The web app"). They answer in
// Zulip's JSON envelope, check the CSRF token like every unsafe /json request, and end in a
// session cookie: no API key ever reaches the browser.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChatDeps } from "../deps.js";
import { admitSignUp, checkPasswordLogin, newDeviceToken } from "../actions/login.js";
import { doCreateSession, doEndSession } from "../actions/sessions.js";
import { accessSignUpInvitation, checkSignUp } from "../actions/signup.js";
import { checkCsrf, rotateCsrfCookie } from "../http/csrf.js";
import { hostRealm } from "../http/endpoint.js";
import { successBody, type Payload } from "../http/envelope.js";
import { InvalidSubdomainError, RealmDeactivatedError, UserDeactivatedError, ZulipError } from "../http/errors.js";
import { readCookie, setCookie } from "../http/cookies.js";
import { clientAddress } from "../http/host.js";
import { parseArgs, optional, required, type Args, type Declaration } from "../http/declare.js";
import { Params, raw, type RawBag } from "../http/params.js";
import { clearSessionCookie, currentSession, setSessionCookie } from "../http/session.js";
import type { Realm } from "../store/realms.js";
import { stateCache } from "../store/realm-state.js";

/** The browser's device token (actions/login.ts): its sign-ins are counted apart from others'. */
const DEVICE_COOKIE = "beacon_chat_device";

const bag = (value: unknown): RawBag => (value && typeof value === "object" && !Buffer.isBuffer(value) ? (value as RawBag) : {});

/**
 * compat (contract with apps/chat-web): a deactivated account or organization is a 400 here,
 * with Zulip's message and code; the API's 401 would read as "your session ended".
 */
function asBadRequest(error: unknown): unknown {
  if (error instanceof UserDeactivatedError || error instanceof RealmDeactivatedError) return new ZulipError(error.message, { status: 400, code: error.code });
  return error;
}

/** The realm the Host names, null at the bare address, or Zulip's error for an unknown subdomain. */
async function realmOfHost(req: FastifyRequest, deps: ChatDeps): Promise<Realm | null> {
  const host = await hostRealm(req, deps, await stateCache(deps.db).generation());
  if (host.realm === "missing") throw new InvalidSubdomainError();
  return host.realm;
}

const loginForm = { username: required("username", raw()), password: required("password", raw()) };

const signUpForm = {
  key: required("key", raw({ strip: true })),
  email: optional("email", raw()),
  fullName: required("full_name", raw()),
  // The web app's accounts sign in with a password, so it is not optional here.
  password: required("password", raw()),
};

/** Read from the query string only. */
const inviteInfoQuery = { key: required("key", raw({ strip: true })) };

/** The web app's forms, by method and path, with the parameters each declares. */
export const WEB_FORMS: Readonly<Record<string, Declaration>> = {
  "POST /accounts/login/": loginForm,
  "POST /accounts/logout/": {},
  "POST /accounts/register/": signUpForm,
  "GET /accounts/invite_info/": inviteInfoQuery,
};

export function registerWebAuth(app: FastifyInstance, deps: ChatDeps): void {
  const { config } = deps;

  /** An unsafe request of the web app: CSRF first (as Django's middleware), then its form, then the handler. */
  const post = <D extends Declaration>(url: string, form: D, handler: (req: FastifyRequest, reply: FastifyReply, args: Args<D>) => Promise<Payload>) =>
    app.post(url, async (req, reply) => {
      checkCsrf(req, config);
      const params = new Params(bag(req.body), bag(req.query));
      const payload = await handler(req, reply, parseArgs(form, params));
      return reply.header("Cache-Control", "no-store").send(successBody(payload, params.ignored()));
    });

  /**
   * Signs the browser in as the user at this address, ending the session it held before, and
   * gives it a new CSRF token (Django's rotate_token at login), so a token planted or read before
   * the sign-in is worth nothing after it.
   */
  const signIn = async (req: FastifyRequest, reply: FastifyReply, userId: number, hostRealm: Realm | null) => {
    const previous = await currentSession(req, deps);
    if (previous) await doEndSession(deps, previous.session.id);
    const { token, maxAgeSeconds } = await doCreateSession(deps, userId, hostRealm?.id ?? null);
    setSessionCookie(reply, config, token, maxAgeSeconds);
    rotateCsrfCookie(reply, config);
  };

  post("/accounts/login/", loginForm, async (req, reply, { username, password }) => {
    const realm = await realmOfHost(req, deps);
    const device = readCookie(req, DEVICE_COOKIE);
    const { user } = await checkPasswordLogin(deps, { username, password, realm, client: clientAddress(req, config.trustProxy), device }).catch((error) => {
      throw asBadRequest(error);
    });
    await signIn(req, reply, user.id, realm);
    setCookie(reply, DEVICE_COOKIE, await newDeviceToken(deps, user), { httpOnly: true, secure: config.externalScheme === "https", maxAge: 365 * 86400 });
    return { user_id: user.id };
  });

  post("/accounts/logout/", {}, async (req, reply) => {
    const current = await currentSession(req, deps);
    if (current) await doEndSession(deps, current.session.id);
    clearSessionCookie(reply, config);
    return {};
  });

  post("/accounts/register/", signUpForm, async (req, reply, { key, email, fullName, password }) => {
    const host = await realmOfHost(req, deps);
    await admitSignUp(deps, clientAddress(req, config.trustProxy));
    const { invite, realm } = await accessSignUpInvitation(deps, host, key).catch((error) => {
      throw asBadRequest(error);
    });
    const created = await checkSignUp(deps, realm, invite, { email: email ?? null, fullName, password });
    await signIn(req, reply, created.userId, host);
    return { user_id: created.userId };
  });

  app.get("/accounts/invite_info/", async (req, reply) => {
    const params = new Params({}, bag(req.query));
    const { key } = parseArgs(inviteInfoQuery, params);
    const { invite, realm } = await accessSignUpInvitation(deps, await realmOfHost(req, deps), key).catch((error) => {
      throw asBadRequest(error);
    });
    return reply.header("Cache-Control", "no-store").send(successBody({ realm_name: realm.name, email: invite.is_multiuse ? null : invite.email, ...passwordRules(deps) }, params.ignored()));
  });
}

/**
 * The server's password rules, for the sign-up form to show before it submits (Zulip's sign-up
 * page carries the same three settings; /register's realm section names them alike).
 */
function passwordRules(deps: ChatDeps) {
  const { passwordMinLength, passwordMaxLength, passwordMinGuesses } = deps.config;
  return { password_min_length: passwordMinLength, password_max_length: passwordMaxLength, password_min_guesses: passwordMinGuesses };
}
