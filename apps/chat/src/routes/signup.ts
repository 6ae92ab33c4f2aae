// POST /api/v1/accounts/register: Beacon's sign-up for API clients. It consumes the key of a
// reusable invitation link (the last segment of /join/<key>/) or of an e-mail invitation (the
// last segment of /accounts/do_confirm/<key>) and answers with the new account's API key, like
// /fetch_api_key. Not under /json: the web app signs up at /accounts/register/ (routes/web-auth.ts).
import { openHandler, raising } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { accessInvitation, checkSignUp } from "../actions/signup.js";

export const signUp = raising(["REALM_DEACTIVATED", "REQUEST_VARIABLE_MISSING"], openHandler(
  {
    key: required("key", raw({ strip: true })),
    email: optional("email", raw()),
    fullName: required("full_name", raw()),
    password: optional("password", raw()),
  },
  async ({ deps, realm }, { key, email, fullName, password }) => {
    if (!realm) throw new BadRequestError("The confirmation link has expired or been deactivated.");
    const invite = await accessInvitation(deps, realm, key);
    const created = await checkSignUp(deps, realm, invite, { email: email ?? null, fullName, password: password ?? null });
    return { user_id: created.userId, email: created.email, api_key: created.apiKey };
  },
));
