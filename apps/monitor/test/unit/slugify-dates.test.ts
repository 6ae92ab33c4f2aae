import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { slugify } from "../../src/lib/slugify.js";
import { isoMicros, isoSeconds } from "../../src/lib/dates.js";
import { uniqueKeyOf } from "../../src/lib/keys.js";

describe("slugify", () => {
  it("folds, lowercases and hyphenates like Django", () => {
    assert.equal(slugify("Foo"), "foo");
    assert.equal(slugify("  Hello,   World!  "), "hello-world");
    assert.equal(slugify("Crème brûlée"), "creme-brulee");
    assert.equal(slugify("__a--b__"), "a-b");
    assert.equal(slugify("日本"), "");
    assert.equal(slugify("snake_case name"), "snake_case-name");
  });
});

describe("dates", () => {
  it("drops sub-seconds for check timestamps", () => {
    assert.equal(isoSeconds(Date.parse("2020-03-24T14:02:03.999Z")), "2020-03-24T14:02:03+00:00");
  });

  it("writes six fraction digits for ping timestamps only when non-zero", () => {
    assert.equal(isoMicros(Date.parse("2020-06-09T14:51:06.113Z")), "2020-06-09T14:51:06.113000+00:00");
    assert.equal(isoMicros(Date.parse("2020-06-09T14:51:06Z")), "2020-06-09T14:51:06+00:00");
  });
});

describe("uniqueKeyOf", () => {
  it("hashes the first 16 hex digits of the UUID with SHA-1", () => {
    // sha1("0123456789abcdef")
    assert.equal(uniqueKeyOf("01234567-89ab-cdef-0123-456789abcdef"), "fe5567e8d769550852182cdf69d74bb16dff8e29");
  });
});
