// The JSON of a GET /events answer, written by hand: a message event shares its message dict
// with every queue of the same shape, so the dict is serialized once per message and shape
// (a channel message to 10,000 waiting polls is 10,000 answers around one dict).
const messageJson = new WeakMap<object, string>();

function eventJson(event: Record<string, unknown>): string {
  if (event.type !== "message") return JSON.stringify(event);
  const message = event.message as object;
  let dict = messageJson.get(message);
  if (dict === undefined) messageJson.set(message, (dict = JSON.stringify(message)));
  let out = `{"type":"message","message":${dict},"flags":${JSON.stringify(event.flags)}`;
  for (const [key, value] of Object.entries(event)) {
    if (key !== "type" && key !== "message" && key !== "flags" && value !== undefined) out += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return out + "}";
}

/** A reply serializer for bodies holding `events` (Fastify's reply.serializer). */
export function serializeEventsBody(body: Record<string, unknown>): string {
  // The answer of an idle poll (10,000 idle clients: 200 a second), without the generic walk.
  const events = body.events as Record<string, unknown>[] | undefined;
  if (events?.length === 1 && events[0].type === "heartbeat" && body.result === "success" && body.msg === "" && Object.keys(body).length === 3) {
    return `{"result":"success","msg":"","events":[{"type":"heartbeat","id":${Number(events[0].id)}}]}`;
  }
  let out = "{";
  let first = true;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    out += key === "events" && Array.isArray(value) ? `[${value.map((e) => eventJson(e as Record<string, unknown>)).join(",")}]` : JSON.stringify(value);
  }
  return out + "}";
}
