// POST /api/v1/accounts/register: Beacon's sign-up for API clients. It consumes the key of a
// reusable invitation link (the last segment of /join/<key>/) or of an e-mail invitation (the
// last segment of /accounts/do_confirm/<key>) and answers with the new account's API key, like
// /fetch_api_key. Not under /json: the web app signs up at /accounts/register/ (routes/web-auth.ts).
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { accessInvitation, checkSignUp } from "../actions/signup.js";

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
  }, { json: false });
}
