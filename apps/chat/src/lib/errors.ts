// One class per Zulip error code. Each error knows its status, code, extra data fields and
// headers; envelope.ts renders them all the same way: {"result":"error","msg","code",...data}.

export class ZulipError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(msg: string, options: { status?: number; code?: string; data?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(msg);
    this.status = options.status ?? 400;
    this.code = options.code ?? "BAD_REQUEST";
    this.data = options.data ?? {};
    this.headers = options.headers ?? {};
  }
}

/** Generic 400 BAD_REQUEST with free text: Zulip's plain JsonableError. */
export class BadRequestError extends ZulipError {
  constructor(msg: string, data: Record<string, unknown> = {}) {
    super(msg, { data });
  }
}

/** A typed parameter failed validation (ApiParamValidationError): still BAD_REQUEST. */
export class ParamValidationError extends BadRequestError {}

export class RequestVariableMissingError extends ZulipError {
  constructor(varName: string) {
    super(`Missing '${varName}' argument`, { code: "REQUEST_VARIABLE_MISSING", data: { var_name: varName } });
  }
}

/** A value of the right type that means nothing (RequestVariableConversionError). */
export class RequestVariableInvalidError extends ZulipError {
  constructor(varName: string, badValue: unknown) {
    super(`Bad value for '${varName}': ${String(badValue)}`, { code: "REQUEST_VARIABLE_INVALID", data: { var_name: varName, bad_value: badValue } });
  }
}

export class RequestConfusingVarError extends ZulipError {
  constructor(first: string, second: string) {
    super(`Can't decide between '${first}' and '${second}' arguments`, {
      code: "REQUEST_CONFUSING_VAR",
      data: { var_name1: first, var_name2: second },
    });
  }
}

export class InvalidJsonError extends ZulipError {
  constructor() {
    super("Malformed JSON", { code: "INVALID_JSON" });
  }
}

/** `challenge`: Basic for /api/v1; "session" for /json, as Zulip (no browser password dialog). */
export class UnauthorizedError extends ZulipError {
  constructor(msg = "Not logged in: API authentication or user session required", challenge = 'Basic realm="zulip"') {
    super(msg, { status: 401, code: "UNAUTHORIZED", headers: { "WWW-Authenticate": challenge } });
  }
}

/** Django's CSRF refusal, as Zulip renders it for /json: the reason twice, in msg and alone. */
export class CsrfFailedError extends ZulipError {
  constructor(reason: string) {
    super(`CSRF error: ${reason}`, { status: 403, code: "CSRF_FAILED", data: { reason } });
  }
}

export class AuthenticationFailedError extends ZulipError {
  constructor(msg = "Your username or password is incorrect", code = "AUTHENTICATION_FAILED") {
    super(msg, { status: 401, code });
  }
}

export class UserDeactivatedError extends AuthenticationFailedError {
  constructor() {
    super("Account is deactivated", "USER_DEACTIVATED");
  }
}

export class RealmDeactivatedError extends AuthenticationFailedError {
  constructor() {
    super("This organization has been deactivated", "REALM_DEACTIVATED");
  }
}

export class PasswordAuthDisabledError extends AuthenticationFailedError {
  constructor() {
    super("Password authentication is disabled in this organization", "PASSWORD_AUTH_DISABLED");
  }
}

export class InvalidSubdomainError extends ZulipError {
  constructor() {
    super("Invalid subdomain", { status: 404, code: "NONEXISTENT_SUBDOMAIN" });
  }
}

export class RateLimitedError extends ZulipError {
  constructor(secondsToFreedom: number) {
    super("API usage exceeded rate limit", {
      status: 429,
      code: "RATE_LIMIT_HIT",
      data: { "retry-after": secondsToFreedom },
      headers: { "Retry-After": String(secondsToFreedom) },
    });
  }
}

export class AccessDeniedError extends ZulipError {
  constructor() {
    super("Access denied", { status: 403 });
  }
}

export class ResourceNotFoundError extends ZulipError {
  constructor(msg: string) {
    super(msg, { status: 404 });
  }
}

/** Must be an organization administrator / owner / member. */
export class UnauthorizedPrincipalError extends ZulipError {
  constructor(msg: string) {
    super(msg, { code: "UNAUTHORIZED_PRINCIPAL" });
  }
}

export class CannotDeactivateLastUserError extends ZulipError {
  constructor(isLastOwner: boolean) {
    const entity = isLastOwner ? "organization owner" : "user";
    super(`Cannot deactivate the only ${entity}.`, {
      code: "CANNOT_DEACTIVATE_LAST_USER",
      data: { is_last_owner: isLastOwner, entity },
    });
  }
}

export class StreamDoesNotExistError extends ZulipError {
  constructor(stream: string) {
    super(`Channel '${stream}' does not exist`, { code: "STREAM_DOES_NOT_EXIST", data: { stream } });
  }
}

export class StreamWithIdDoesNotExistError extends ZulipError {
  constructor(streamId: number) {
    super(`Channel with ID '${streamId}' does not exist`, { code: "STREAM_DOES_NOT_EXIST", data: { stream_id: streamId } });
  }
}

export class ChannelAlreadyExistsError extends ZulipError {
  constructor(name: string) {
    super(`Channel '${name}' already exists`, { status: 409, code: "CHANNEL_ALREADY_EXISTS", data: { channel_name: name } });
  }
}

export class CannotAdministerChannelError extends ZulipError {
  constructor() {
    super("You do not have permission to administer this channel.", { code: "CANNOT_ADMINISTER_CHANNEL" });
  }
}

export class SystemGroupRequiredError extends ZulipError {
  constructor(settingName: string) {
    super(`'${settingName}' must be a system user group.`, { code: "SYSTEM_GROUP_REQUIRED" });
  }
}

export class CannotDeactivateGroupInUseError extends ZulipError {
  constructor(objections: unknown[]) {
    super("Cannot deactivate user group in use.", { code: "CANNOT_DEACTIVATE_GROUP_IN_USE", data: { objections } });
  }
}

export class PermissionDeniedError extends ZulipError {
  constructor(msg: string) {
    super(msg, { code: "PERMISSION_DENIED" });
  }
}

// Messages Zulip's decorators raise verbatim.
export const insufficientPermission = () => new BadRequestError("Insufficient permission");
export const notAllowedForGuests = () => new BadRequestError("Not allowed for guest users");
export const mustBeAdmin = () => new UnauthorizedPrincipalError("Must be an organization administrator");
export const mustBeOwner = () => new UnauthorizedPrincipalError("Must be an organization owner");
/** Zulip's ExpectationMismatchError: a value the client expected is not the current one. */
export class ExpectationMismatchError extends ZulipError {
  constructor(field: string) {
    super(`'${field}' value does not match the expected value.`, { code: "EXPECTATION_MISMATCH", data: { field_name: field } });
  }
}

/** A group-setting change whose `old` is not the current value. */
export const previousSettingMismatch = () => new ExpectationMismatchError("old");
