// POST /fetch_api_key: email + password for an API key, no Basic auth. Not under /json: the
// web app signs in with a session (routes/web-auth.ts) and never holds an API key.
import { openHandler, raising } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { clientAddress } from "../http/host.js";
import { raw } from "../http/params.js";
import { checkPasswordLogin } from "../actions/login.js";
import { doIssueApiKey } from "../actions/users.js";

export const fetchApiKey = raising(["AUTHENTICATION_FAILED", "USER_DEACTIVATED", "REALM_DEACTIVATED", "RATE_LIMIT_HIT"], openHandler(
  { username: required("username", raw()), password: required("password", raw()) },
  async ({ deps, req, realm, hostNamesRealm }, { username, password }) => {
    const { user } = await checkPasswordLogin(deps, { username, password, realm: hostNamesRealm ? realm : null, client: clientAddress(req, deps.config.trustProxy) });
    // Keys are stored hashed, so each login issues a new key; earlier ones stay valid.
    const apiKey = await doIssueApiKey(deps.db, user.id, deps.clock.now().getTime());
    return { api_key: apiKey, email: user.delivery_email, user_id: user.id };
  },
));
