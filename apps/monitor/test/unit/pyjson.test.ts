import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parsePyJson, PyFloat, pyStr } from "../../src/lib/pyjson.js";

describe("parsePyJson", () => {
  it("parses ordinary JSON like JSON.parse", () => {
    const text = '{"a": [1, -2, "x\\u00e9\\n", true, false, null], "b": {"c": {}}}';
    assert.deepEqual(parsePyJson(text), JSON.parse(text));
  });

  it("keeps floats apart from integers", () => {
    const value = parsePyJson('{"a": 3600.0, "b": 1e3, "c": 3600}') as any;
    assert.ok(value.a instanceof PyFloat);
    assert.ok(value.b instanceof PyFloat);
    assert.equal(value.c, 3600);
  });

  it("keeps integers beyond 2^53 exact as bigints", () => {
    assert.equal(parsePyJson("123456789012345678901234567890"), 123456789012345678901234567890n);
  });

  it("accepts NaN and the infinities as Python does", () => {
    assert.ok(Number.isNaN((parsePyJson("NaN") as PyFloat).value));
    assert.equal((parsePyJson("-Infinity") as PyFloat).value, -Infinity);
  });

  it("rejects malformed input, control characters in strings and a byte-order mark", () => {
    for (const bad of ["", "{", "[1,]", "{'a': 1}", "01", "1.", '"a\nb"', "\ufeff{}", "{} x", "tru"]) {
      assert.throws(() => parsePyJson(bad), Error, JSON.stringify(bad));
    }
  });

  it("lets the last of duplicate keys win", () => {
    assert.deepEqual(parsePyJson('{"a": 1, "a": 2}'), { a: 2 });
  });

  it("stringifies values the way Python's str() does", () => {
    assert.equal(pyStr(123), "123");
    assert.equal(pyStr(new PyFloat(1)), "1.0");
    assert.equal(pyStr(true), "True");
    assert.equal(pyStr(null), "None");
  });
});

describe("pythonJson", () => {
  it("writes what Python's json.dumps writes with its defaults", async () => {
    const { pythonJson } = await import("../../src/http/router.js");
    const value = { a: 'é"x\n', b: [1, new PyFloat(2), null, true], c: {}, d: [], u: undefined, "ké": "\u007f", e: "😀" };
    // python3 -c 'import json; print(json.dumps({...}))'
    assert.equal(pythonJson(value), '{"a": "\\u00e9\\"x\\n", "b": [1, 2.0, null, true], "c": {}, "d": [], "k\\u00e9": "\\u007f", "e": "\\ud83d\\ude00"}');
  });
});
