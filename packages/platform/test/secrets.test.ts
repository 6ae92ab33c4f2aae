import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { sameSecret } from "@beacon/platform";

describe("sameSecret", () => {
  it("accepts only the very same secret", () => {
    assert.equal(sameSecret("s3cret-key", "s3cret-key"), true);
    assert.equal(sameSecret("s3cret-kez", "s3cret-key"), false);
    assert.equal(sameSecret("s3cret-key ", "s3cret-key"), false);
    assert.equal(sameSecret("", "s3cret-key"), false);
    assert.equal(sameSecret("é", "e\u0301"), false);
  });

  it("refuses a missing value", () => {
    assert.equal(sameSecret(undefined, "x"), false);
    assert.equal(sameSecret(null, "x"), false);
  });
});
