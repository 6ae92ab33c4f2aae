// The ceiling: a Fastify route that answers a constant, built the same way as Beacon's servers.
import { createHttpServer } from "@beacon/platform";

const app = createHttpServer();
app.get("/trivial", async () => "OK");
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`LISTENING ${address}\n`);
process.once("SIGTERM", () => app.close().then(() => process.exit(0)));
