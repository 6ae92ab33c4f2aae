import type { StorageFault } from "@beacon/platform";

// What a handler answers. Handlers return plain values; the router writes them, adding
// CORS headers where the upstream's wrapper would.

export interface ApiResponse {
  status: number;
  /** An object is sent as JSON; a string or Buffer as is; undefined as an empty body. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export const json = (body: unknown, status = 200): ApiResponse => ({ status, body });
export const jsonError = (status: number, error: string): ApiResponse => ({ status, body: { error } });
export const empty = (status: number): ApiResponse => ({ status });
/** compat: Django's HttpResponse("…") defaults to text/html even for plain words. */
export const text = (body: string, status = 200): ApiResponse => ({ status, body, contentType: "text/html; charset=utf-8" });

export const DJANGO_404 = `<!doctype html>
<html lang="en">
<head>
  <title>Not Found</title>
</head>
<body>
  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>
</body>
</html>
`;

export const DJANGO_400 = `<!doctype html>
<html lang="en">
<head>
  <title>Bad Request (400)</title>
</head>
<body>
  <h1>Bad Request (400)</h1><p></p>
</body>
</html>
`;

/**
 * Thrown for the framework's own HTML 404 (get_object_or_404 upstream). It escapes the
 * CORS wrapper, so it carries no CORS headers.
 */
export class PageNotFound extends Error {
  constructor() {
    super("page not found");
  }
}

/** A response thrown from deep inside a handler (auth, validation) and sent as is. */
export class ResponseError extends Error {
  constructor(readonly response: ApiResponse) {
    super(`HTTP ${response.status}`);
  }
}

export function halt(response: ApiResponse): never {
  throw new ResponseError(response);
}

/**
 * A fault of the database or its disk in Healthchecks' error shape ({"error": …}): 503, or 507
 * for a full disk, with Retry-After. The upstream has no such answer (its Django gives an HTML
 * 500); clients and load balancers read the status and the header.
 */
export function storageFaultResponse(fault: StorageFault): { status: number; headers: Record<string, string>; body: string } {
  return {
    status: fault.status,
    headers: { "content-type": "application/json", "retry-after": String(fault.retryAfterSeconds) },
    body: JSON.stringify({ error: fault.message }),
  };
}
