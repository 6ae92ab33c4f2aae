// POST /accounts/register: Beacon's stand-in for Zulip's web sign-up form. It consumes the key
// of a reusable invitation link (the last segment of /join/<key>/) or of an e-mail invitation
// (the last segment of /accounts/do_confirm/<key>) and answers with the new account's API key,
// like /fetch_api_key.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ChatDeps } from "../deps.js";
import type { Api } from "../http/endpoint.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { accessEmailInvitation, accessInvitation, checkSignUp } from "../actions/signup.js";

export function register(api: Api): void {
  const { deps } = api;

  api.public("POST", "/accounts/register", async ({ params, realm }) => {
    const key = params.required("key", raw({ strip: true }));
    const email = params.optional("email", raw()) ?? null;
    const fullName = params.required("full_name", raw());
    const password = params.optional("password", raw()) ?? null;
    if (!realm) throw new BadRequestError("The confirmation link has expired or been deactivated.");
    const invite = await accessInvitation(deps, realm, key);
    const created = await checkSignUp(deps, realm, invite, { email, fullName, password });
    return { user_id: created.userId, email: created.email, api_key: created.apiKey };
  });
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return reply.code(status).type("text/html; charset=utf-8").send(html);
}

const field = (body: Record<string, unknown>, name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");

/**
 * The link an invitation e-mail carries, outside /api/v1 as in Zulip: the GET shows a small
 * form (name and password; the address is the invited one) and its POST creates the account
 * exactly as POST /api/v1/accounts/register does. A mail scanner fetching the link changes nothing.
 */
export function registerSignUpPages(app: FastifyInstance, deps: ChatDeps): void {
  app.get<{ Params: { key: string } }>("/accounts/do_confirm/:key", async (req, reply) => {
    try {
      const { invite, realm } = await accessEmailInvitation(deps, req.params.key);
      const form = [
        `<p>Create your account in ${escapeHtml(realm.name)} for ${escapeHtml(invite.email!)}.</p>`,
        `<form method="post" action="/accounts/do_confirm"><input type="hidden" name="key" value="${escapeHtml(invite.confirmation_key)}">`,
        `<label>Full name <input name="full_name" required></label> <label>Password <input type="password" name="password" required></label>`,
        `<button type="submit">Sign up</button></form>`,
      ].join("");
      return page(reply, 200, `Join ${realm.name}`, form);
    } catch (error) {
      if (!(error instanceof ZulipError)) throw error;
      return page(reply, 404, "Invitation not found", `<p>${escapeHtml(error.message)}</p>`);
    }
  });
  app.post("/accounts/do_confirm", async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const { invite, realm } = await accessEmailInvitation(deps, field(body, "key"));
      const password = field(body, "password");
      if (!password) throw new BadRequestError("Enter a password.");
      const created = await checkSignUp(deps, realm, invite, { email: null, fullName: field(body, "full_name"), password });
      return page(reply, 200, "Account created", `<p>Your account ${escapeHtml(created.email)} in ${escapeHtml(realm.name)} is ready; sign in with this address and your password.</p>`);
    } catch (error) {
      if (!(error instanceof ZulipError)) throw error;
      return page(reply, error.status, "Account not created", `<p>${escapeHtml(error.message)}</p>`);
    }
  });
}
