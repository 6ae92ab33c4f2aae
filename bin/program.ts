import { Command } from "commander";

// Registering an app's commands loads its cli.ts with what the commands list needs (its
// migrations, the monitor's integration kinds): through tsx, loading modules is most of a
// command's start, so a command of one app registers that app alone. Anything else
// (`beacon serve`, `beacon --help`, a typo) registers both.
const APPS = {
  monitor: () => import("@beacon/monitor/cli"),
  chat: () => import("@beacon/chat/cli"),
};

export async function main(argv: string[]): Promise<void> {
  const program = new Command("beacon").description("Beacon: cron monitoring and team chat").showHelpAfterError();
  const named = argv[2];
  const apps = named === "monitor" || named === "chat" ? [APPS[named]] : Object.values(APPS);
  for (const load of apps) (await load()).registerCommands(program);
  program
    .command("serve")
    .description("start the monitor (port 8000) and the chat server (port 9991) on SQLite files under ./data")
    .option("--data <dir>", "directory for the SQLite files", "./data")
    .action(async (opts: { data: string }) => {
      const { serveDemo } = await import("./demo.js");
      await serveDemo(opts.data);
    });
  await program.parseAsync(argv);
}
