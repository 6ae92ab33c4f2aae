// Test support shared by the Twilio kinds' tests (sms, call, whatsapp): the settings of a
// server pointed at a fake Twilio, and the checks every request to Twilio must pass.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { startFakeService, type FakeService, type Received } from "../testing/fake-service.js";
import { startKindHarness, type Harness } from "../testing/harness.js";

export const ACCOUNT = "AC0123456789abcdef";
export const CREATED = { status: 201, body: { sid: "SM1", status: "queued" } };

/** The environment of a server with Twilio set up, pointed at `twilio`. */
export function twilioEnv(twilio: FakeService, extra: Record<string, string> = {}): Record<string, string> {
  return { MONITOR_TWILIO_ACCOUNT: ACCOUNT, MONITOR_TWILIO_AUTH: "s3cret", MONITOR_TWILIO_FROM: "+15005550006", MONITOR_TWILIO_API_URL: twilio.url, ...extra };
}

/** A request to one of the account's resources, with Twilio's Basic auth and a form body. */
export function twilioForm(req: Received, resource: string): Record<string, string> {
  assert.equal(req.method, "POST");
  assert.equal(req.url, `/2010-04-01/Accounts/${ACCOUNT}/${resource}`);
  assert.equal(req.headers.authorization, `Basic ${Buffer.from(`${ACCOUNT}:s3cret`).toString("base64")}`);
  assert.equal(req.headers["content-type"], "application/x-www-form-urlencoded");
  return Object.fromEntries(req.form());
}


/**
 * A server pointed at a fake Twilio for the tests of the enclosing describe: started before
 * them, closed after. Read `h` and `twilio` inside the tests.
 */
export function withTwilio(extra: Record<string, string> = {}): { readonly h: Harness; readonly twilio: FakeService } {
  let h: Harness | undefined;
  let twilio: FakeService | undefined;
  before(async () => {
    twilio = await startFakeService(CREATED);
    h = await startKindHarness(twilioEnv(twilio, extra));
  });
  after(async () => {
    await h?.close();
    await twilio?.close();
  });
  return {
    get h() {
      return h!;
    },
    get twilio() {
      return twilio!;
    },
  };
}
