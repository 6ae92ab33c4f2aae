// signal-cli's JSON-RPC interface (`signal-cli daemon --socket` or `--tcp`): one request
// per connection, newline-terminated JSON both ways, as upstream talks to it.
import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import { pythonJson } from "../../http/router.js";
import { TransportError } from "../alert.js";

/** How long one call may take in all (connect, send, the replies), as upstream. */
const TIMEOUT_MS = 60_000;

/** Python's wording of the socket errors the upstream reports. */
const OS_ERRORS: Record<string, string> = {
  ECONNREFUSED: "[Errno 111] Connection refused",
  ENOENT: "[Errno 2] No such file or directory",
  EACCES: "[Errno 13] Permission denied",
  ECONNRESET: "[Errno 104] Connection reset by peer",
  ENOTFOUND: "[Errno -2] Name or service not known",
};

/** "host:port" is TCP; anything else a UNIX socket path. */
function open(address: string): Socket {
  if (address.includes(":")) {
    const [host, port] = address.split(":");
    return connect({ host, port: Number(port) });
  }
  return connect({ path: address });
}

/** The replies' lines, until the peer closes (the last one may be empty). */
function exchange(address: string, request: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = open(address);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new TransportError("signal-cli call timed out"));
    }, TIMEOUT_MS);
    socket.on("connect", () => socket.end(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new TransportError(`signal-cli call failed (${OS_ERRORS[err.code ?? ""] ?? err.message})`));
    });
    socket.on("end", () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("utf8");
      const lines = text.split("\n").map((l, i, all) => (i < all.length - 1 ? `${l}\n` : l));
      resolve(lines);
    });
  });
}

export interface RpcResult {
  type?: string;
  token?: string | null;
}

/** A successful reply, or the error object of a failed one (code, data.response.results). */
export type RpcOutcome = { ok: true } | { ok: false; code: number; results: RpcResult[]; raw: string };

/**
 * Sends one JSON-RPC request and waits for the reply with its id. Replies that are not
 * JSON-RPC objects fail the call; those with another id (notifications) are skipped.
 */
export async function rpc(address: string, method: string, params: Record<string, unknown>): Promise<RpcOutcome> {
  const id = randomUUID();
  const lines = await exchange(address, `${pythonJson({ jsonrpc: "2.0", method, params, id })}\n`);
  for (const line of lines) {
    let reply: any;
    try {
      reply = JSON.parse(line);
    } catch {
      reply = undefined;
    }
    const error = reply?.error;
    const wellFormed = reply && typeof reply === "object" && !Array.isArray(reply) && (reply.id === undefined || typeof reply.id === "string") && (error === undefined || error === null || Number.isInteger(error?.code));
    if (!wellFormed) throw new TransportError("signal-cli call failed (unexpected response)");
    if ((reply.id ?? "") !== id) continue;
    if (error === undefined || error === null) return { ok: true };
    const results = Array.isArray(error.data?.response?.results) ? (error.data.response.results as RpcResult[]) : [];
    return { ok: false, code: error.code, results, raw: line };
  }
  throw new TransportError("signal-cli call failed (unexpected response)");
}
