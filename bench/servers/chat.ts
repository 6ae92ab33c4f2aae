// The chat server under load, on the SQLite (or PostgreSQL) database named by
// BENCH_DATABASE_URL, already migrated and seeded by bench/chat.ts; no rate limit.
import { loadChatConfig } from "../../apps/chat/src/config.js";
import { startChatServer } from "../../apps/chat/src/main.js";

const config = loadChatConfig({ databaseUrl: process.env.BENCH_DATABASE_URL, port: "0", rateLimit: "0" });
const chat = await startChatServer(config);
process.stdout.write(`LISTENING ${chat.address}\n`);
process.once("SIGTERM", async () => {
  await chat.close();
  process.exit(0);
});
