// `npm run bench -- monitor|chat|chat-events|chat-web|message-json|chat-pg|all`: runs the named benchmark
// suites (chat-pg, and the monitor's PostgreSQL scenarios, only with BENCH_PG_URL).
const suites: Record<string, () => Promise<void>> = {
  monitor: async () => (await import("./monitor.js")).run(),
  chat: async () => (await import("./chat.js")).run(),
  "chat-events": async () => (await import("./chat-events.js")).run(),
  "chat-web": async () => (await import("./chat-web.js")).run(),
  "message-json": async () => (await import("./message-json.js")).run(),
  // Not in "all": needs BENCH_PG_URL.
  "chat-pg": async () => (await import("./chat-pg.js")).run(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = wanted.length === 0 || wanted.includes("all") ? Object.keys(suites).filter((n) => n !== "chat-pg" || process.env.BENCH_PG_URL) : wanted;
for (const name of names) {
  const suite = suites[name];
  if (!suite) {
    process.stderr.write(`unknown benchmark suite "${name}"; known: ${Object.keys(suites).join(", ")}\n`);
    process.exit(2);
  }
  await suite();
}
