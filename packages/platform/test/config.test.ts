import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ConfigError, loadConfig, parse, setting } from "@beacon/platform";

const spec = {
  port: setting("X_PORT", 8000, parse.integer(1, 65535), "port"),
  root: setting("X_ROOT", "http://localhost:8000", parse.url, "site root"),
  debug: setting("X_DEBUG", false, parse.boolean, "debug"),
};

describe("loadConfig", () => {
  it("uses defaults when nothing is set", () => {
    assert.deepEqual(loadConfig(spec, {}, {}), { port: 8000, root: "http://localhost:8000", debug: false });
  });

  it("reads environment variables and lets overrides win", () => {
    const config = loadConfig(spec, { port: "9000" }, { X_PORT: "7000", X_ROOT: "https://hc.example.com/", X_DEBUG: "yes" });
    assert.deepEqual(config, { port: 9000, root: "https://hc.example.com", debug: true });
  });

  it("names the variable when a value is bad", () => {
    assert.throws(() => loadConfig(spec, {}, { X_PORT: "eighty" }), (e: unknown) => e instanceof ConfigError && /X_PORT/.test(e.message));
    assert.throws(() => loadConfig(spec, {}, { X_PORT: "70000" }), /between 1 and 65535/);
    assert.throws(() => loadConfig(spec, {}, { X_ROOT: "nope" }), /absolute URL/);
  });
});
