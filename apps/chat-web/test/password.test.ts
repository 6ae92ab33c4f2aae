import { describe, it } from "node:test";
import assert from "node:assert/strict";
import zxcvbn from "zxcvbn";
import { loadEstimator, rate } from "../src/ui/password.js";

// The sign-up form's verdict must be the server's: the same rules (its defaults here) and the
// same zxcvbn estimate the server checks with (apps/chat/src/lib/secrets.ts).
const RULES = { password_min_length: 6, password_max_length: 100, password_min_guesses: 10_000 };
const judge = (password: string) => rate(password, RULES, zxcvbn(password).guesses);

describe("sign-up password strength", () => {
  it("refuses what is too short or too long before asking for an estimate", () => {
    assert.deepEqual([rate("abc", RULES, null).accepted, rate("abc", RULES, null).label], [false, "Too short"]);
    assert.match(rate("abc", RULES, null).problem!, /at least 6 characters/);
    assert.equal(rate("x".repeat(101), RULES, 1e20).label, "Too long");
  });

  it("refuses a common password and accepts a long passphrase, as the server's zxcvbn check does", () => {
    const weak = judge("password1");
    assert.deepEqual([weak.accepted, weak.label], [false, "Too weak"]);
    assert.ok(weak.score < 0.5);
    const strong = judge("correct horse battery");
    assert.deepEqual([strong.accepted, strong.label], [true, "Strong"]);
    assert.ok(strong.score > 0.5 && strong.score <= 1);
  });

  it("puts the server's minimum in the middle of the meter", () => {
    assert.equal(rate("abcdefgh", RULES, 10_000).score, 0.5);
    assert.equal(rate("abcdefgh", RULES, 10_000).accepted, true);
    assert.equal(rate("abcdefgh", RULES, 9_999).accepted, false);
    assert.equal(rate("abcdefgh", RULES, 1e6).score, 1);
  });

  it("waits for the estimate, unless the server checks only the length", () => {
    assert.equal(rate("abcdefgh", RULES, null).label, "Checking…");
    assert.equal(rate("abcdefgh", { ...RULES, password_min_guesses: 0 }, null).accepted, true);
  });

  it("loads the estimator once", async () => {
    const [a, b] = await Promise.all([loadEstimator(), loadEstimator()]);
    assert.equal(a, b);
    assert.ok(a("Tr0ub4dour&3").guesses > 1);
  });
});
