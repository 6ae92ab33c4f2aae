import { Command } from "commander";
import * as monitor from "@beacon/monitor/cli";
import * as chat from "@beacon/chat/cli";
import { serveDemo } from "./demo.js";

export async function main(argv: string[]): Promise<void> {
  const program = new Command("beacon").description("Beacon: cron monitoring and team chat").showHelpAfterError();
  monitor.registerCommands(program);
  chat.registerCommands(program);
  program
    .command("serve")
    .description("start the monitor (port 8000) and the chat server (port 9991) on SQLite files under ./data")
    .option("--data <dir>", "directory for the SQLite files", "./data")
    .action(async (opts: { data: string }) => {
      await serveDemo(opts.data);
    });
  await program.parseAsync(argv);
}
