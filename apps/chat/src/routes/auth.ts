// POST /fetch_api_key: email + password for an API key, no Basic auth. Not under /json: the
// web app signs in with a session (routes/web-auth.ts) and never holds an API key.
import type { Api } from "../http/endpoint.js";
import { clientAddress } from "../http/host.js";
import { raw } from "../http/params.js";
import { checkPasswordLogin } from "../actions/login.js";
import { doIssueApiKey } from "../actions/users.js";

export function register(api: Api): void {
  const { db, clock, config } = api.deps;

  api.public(
    "POST",
    "/fetch_api_key",
    async ({ req, params, realm, hostNamesRealm }) => {
      const username = params.required("username", raw());
      const password = params.required("password", raw());
      const { user } = await checkPasswordLogin(api.deps, { username, password, realm: hostNamesRealm ? realm : null, client: clientAddress(req, config.trustProxy) });
      // Keys are stored hashed, so each login issues a new key; earlier ones stay valid.
      const apiKey = await doIssueApiKey(db, user.id, clock.now().getTime());
      return { api_key: apiKey, email: user.delivery_email, user_id: user.id };
    },
    { json: false },
  );
}
