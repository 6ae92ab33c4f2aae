import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "@beacon/platform";

describe("passwords", () => {
  it("verifies the password it hashed and nothing else", async () => {
    const stored = await hashPassword("correct horse");
    assert.match(stored, /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    assert.equal(await verifyPassword("correct horse", stored), true);
    assert.equal(await verifyPassword("correct horsf", stored), false);
  });

  it("salts every hash", async () => {
    assert.notEqual(await hashPassword("same"), await hashPassword("same"));
  });

  it("matches a password typed in another Unicode normal form", async () => {
    const stored = await hashPassword("caf\u00e9");
    assert.equal(await verifyPassword("cafe\u0301", stored), true);
  });

  it("reads hashes with standard base64 and other parameters", async () => {
    const stored = await hashPassword("pw");
    const [, , , , salt, hash] = stored.split("$");
    const standard = ["scrypt", 32768, 8, 1, Buffer.from(salt, "base64url").toString("base64"), Buffer.from(hash, "base64url").toString("base64")].join("$");
    assert.equal(await verifyPassword("pw", standard), true);
  });

  it("rejects missing, foreign and malformed hashes", async () => {
    for (const stored of [null, "", "bcrypt$x", "scrypt$0$8$1$AA$AA", "scrypt$16384$8$1$$"]) assert.equal(await verifyPassword("pw", stored), false, String(stored));
  });
});
