import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { canonicalTimezone, expressionZone, TIMEZONES } from "../../src/lib/timezones.js";
import { LEGACY_ZONES } from "../../src/lib/timezone-data.js";

describe("TIMEZONES", () => {
  it("holds the 483 canonical names of Healthchecks v4.3", () => {
    assert.equal(TIMEZONES.size, 483);
    for (const name of ["UTC", "GMT", "Etc/UTC", "Etc/GMT+5", "Etc/GMT-14", "Etc/Zulu", "Europe/Kyiv", "America/Nuuk", "Pacific/Kanton"]) {
      assert.ok(TIMEZONES.has(name), name);
    }
    for (const name of ["Europe/Kiev", "US/Eastern", "CET", "America/Coyhaique", "utc"]) assert.ok(!TIMEZONES.has(name), name);
  });

  it("lists 113 legacy names, each pointing at a canonical one", () => {
    const entries = Object.entries(LEGACY_ZONES);
    assert.equal(entries.length, 113);
    for (const [legacy, target] of entries) {
      assert.ok(TIMEZONES.has(target), `${legacy} → ${target}`);
      assert.ok(!TIMEZONES.has(legacy), legacy);
    }
  });

  it("names only zones the platform's ICU can evaluate", () => {
    for (const name of [...TIMEZONES, ...Object.keys(LEGACY_ZONES)]) {
      assert.doesNotThrow(() => new Intl.DateTimeFormat("en-US", { timeZone: name }), name);
    }
  });
});

describe("canonicalTimezone", () => {
  it("keeps canonical names and rewrites legacy ones", () => {
    const cases: [string, string][] = [
      ["Europe/Riga", "Europe/Riga"],
      ["UTC", "UTC"],
      ["Europe/Kiev", "Europe/Kyiv"],
      ["UCT", "Etc/UTC"],
      ["CET", "Europe/Brussels"],
      ["US/Eastern", "America/New_York"],
      ["Asia/Calcutta", "Asia/Kolkata"],
      ["GMT+0", "Etc/GMT"],
    ];
    for (const [name, expected] of cases) assert.equal(canonicalTimezone(name), expected, name);
  });

  it("rejects unknown names, wrong case and padding", () => {
    for (const name of ["bad", "europe/riga", "Europe/Riga ", " UTC", "", "America/Coyhaique", "Factory", "constructor", "toString"]) {
      assert.equal(canonicalTimezone(name), null, JSON.stringify(name));
    }
  });
});

describe("expressionZone", () => {
  it("accepts every name Python's zoneinfo loads, evaluating legacy names as their target", () => {
    assert.equal(expressionZone("Europe/Riga"), "Europe/Riga");
    assert.equal(expressionZone("US/Eastern"), "America/New_York");
    assert.equal(expressionZone("America/Coyhaique"), "America/Coyhaique");
    assert.equal(expressionZone("Factory"), "Etc/UTC");
    assert.equal(expressionZone("Nowhere/City"), null);
    assert.equal(expressionZone("+0200"), null);
  });
});
