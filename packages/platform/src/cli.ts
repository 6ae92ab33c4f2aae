// Small helpers for the `beacon` command line.
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + "\n");
}

export function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}
