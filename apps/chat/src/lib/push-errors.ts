// Zulip's push notification error codes, each with its status and message.
import { ZulipError } from "./errors.js";

export class PushServiceNotConfiguredError extends ZulipError {
  constructor() {
    super("Server is not configured to use push notification service.", { code: "PUSH_SERVICE_NOT_CONFIGURED" });
  }
}

export class NoActivePushDeviceError extends ZulipError {
  constructor() {
    super("No active registered push device", { code: "NO_ACTIVE_PUSH_DEVICE" });
  }
}

export class AdminActionRequiredError extends ZulipError {
  constructor() {
    super("Push notification configuration issue on server, contact the server administrator or retry later.", { status: 403, code: "ADMIN_ACTION_REQUIRED" });
  }
}

export class FailedToConnectBouncerError extends ZulipError {
  constructor() {
    super("Network error while connecting to Zulip push notification service.", { status: 502, code: "FAILED_TO_CONNECT_BOUNCER" });
  }
}

export class InternalBouncerServerError extends ZulipError {
  constructor() {
    super("Internal server error on Zulip push notification service, retry later.", { status: 502, code: "INTERNAL_SERVER_ERROR_ON_BOUNCER" });
  }
}

/** The bouncer refused a request (4xx): its error code, when it sent one. */
export class BouncerRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
