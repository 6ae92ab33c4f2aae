// The chat server's /json API, as the browser calls it: the session cookie rides along on its
// own (HttpOnly, never readable here), and every unsafe request echoes the `csrftoken` cookie in
// X-CSRFToken, Django's double-submit check. No API key ever reaches this page.

export type Params = Record<string, string | number | boolean | object | undefined>;

/** A Zulip error answer ({"result":"error","msg":…,"code":…}) or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function csrfToken(): string {
  return /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
}

// Zulip's parameters are form fields; lists and objects travel as JSON text.
function encode(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** Called when the server says the session is gone (signed out elsewhere, expired). */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function request<T = any>(method: string, path: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
  const safe = method === "GET" || method === "HEAD";
  const query = safe ? encode(params).toString() : "";
  const url = safe && query ? `${path}?${query}` : path;
  const headers: Record<string, string> = {};
  if (!safe) headers["X-CSRFToken"] = csrfToken();
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: safe ? undefined : encode(params), credentials: "same-origin", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK", "The server cannot be reached.");
  }
  let body: any = null;
  try {
    body = await response.json();
  } catch {
    // a proxy's HTML error page, or an empty answer: described by the status below
  }
  if (response.ok && body?.result === "success") return body as T;
  const code = typeof body?.code === "string" ? body.code : response.status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST";
  const error = new ApiError(response.status, code, typeof body?.msg === "string" ? body.msg : `The server answered ${response.status}.`, body ?? {});
  if (response.status === 401 && path.startsWith("/json/")) onSignedOut();
  throw error;
}

export const api = {
  get: <T = any>(path: string, params?: Params, signal?: AbortSignal) => request<T>("GET", `/json${path}`, params, signal),
  post: <T = any>(path: string, params?: Params) => request<T>("POST", `/json${path}`, params),
  patch: <T = any>(path: string, params?: Params) => request<T>("PATCH", `/json${path}`, params),
  delete: <T = any>(path: string, params?: Params) => request<T>("DELETE", `/json${path}`, params),
};
