// Messages and everything about them, registered in one place for routes/index.ts.
import type { Api } from "../http/endpoint.js";
import * as fetch from "./messages-fetch.js";
import * as flags from "./message-flags.js";
import * as edit from "./message-edit.js";
import * as topics from "./topics.js";

export function register(api: Api): void {
  fetch.register(api);
  flags.register(api);
  edit.register(api);
  topics.register(api);
}
