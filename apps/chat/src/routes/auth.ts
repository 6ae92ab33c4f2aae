// POST /fetch_api_key: email + password for an API key, no Basic auth.
import type { Api } from "../http/endpoint.js";
import { AuthenticationFailedError, RealmDeactivatedError, UserDeactivatedError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { doIssueApiKey } from "../actions/users.js";
import { verifyPassword } from "../lib/secrets.js";
import { getRealm } from "../store/realms.js";
import { userByEmail, usersByEmailEverywhere, type User } from "../store/users.js";

export function register(api: Api): void {
  const { db, clock } = api.deps;

  api.public("POST", "/fetch_api_key", async ({ params, realm, hostNamesRealm }) => {
    const username = params.required("username", raw());
    const password = params.required("password", raw());
    let user: User | undefined;
    if (hostNamesRealm) {
      user = realm ? await userByEmail(db, realm.id, username) : undefined;
    } else {
      // A host naming no realm: the one realm holding this email, if exactly one does.
      const matches = await usersByEmailEverywhere(db, username);
      user = matches.length === 1 ? matches[0] : undefined;
    }
    if (!user || user.is_bot || !(await verifyPassword(password, user.password_hash))) throw new AuthenticationFailedError();
    const userRealm = await getRealm(db, user.realm_id);
    if (!userRealm || userRealm.deactivated) throw new RealmDeactivatedError();
    if (!user.is_active) throw new UserDeactivatedError();
    // Keys are stored hashed, so each login issues a new key; earlier ones stay valid.
    const apiKey = await doIssueApiKey(db, user.id, clock.now().getTime());
    return { api_key: apiKey, email: user.delivery_email, user_id: user.id };
  });
}
