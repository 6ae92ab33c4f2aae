import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { classifyEmail, htmlToText, parseRecipient } from "../../src/lib/email-ping.js";

describe("parseRecipient", () => {
  it("accepts version-4 UUIDs in either case and lowercases them", () => {
    assert.deepEqual(parseRecipient("0B9C2F8E-4D1A-4C3B-9E2F-1A2B3C4D5E6F@localhost", "localhost"), { ok: { kind: "uuid", uuid: "0b9c2f8e-4d1a-4c3b-9e2f-1a2b3c4d5e6f" } });
  });

  it("accepts a 22-character ping key and a lowercase slug", () => {
    assert.deepEqual(parseRecipient("abcdefghijklmnopqrstuv+db-backup_1@hc.example.com", "hc.example.com"), { ok: { kind: "slug", pingKey: "abcdefghijklmnopqrstuv", slug: "db-backup_1" } });
  });

  it("rejects a different domain before looking at the mailbox", () => {
    assert.deepEqual(parseRecipient("whatever@other.org", "localhost"), { error: "Recipient rejected" });
    assert.deepEqual(parseRecipient("x@LOCALHOST", "localhost"), { error: "Recipient rejected" });
  });

  it("rejects UUIDs of other versions, short ping keys and uppercase slugs", () => {
    for (const mailbox of ["0b9c2f8e-4d1a-1c3b-9e2f-1a2b3c4d5e6f", "short+slug", "abcdefghijklmnopqrstuv+Slug", "abcdefghijklmnopqrstuv+"]) {
      assert.deepEqual(parseRecipient(`${mailbox}@localhost`, "localhost"), { error: "Invalid mailbox" }, mailbox);
    }
  });
});

describe("classifyEmail", () => {
  const check = { filter_subject: 0, filter_body: 0, success_kw: "ok", failure_kw: "bad", start_kw: "go", filter_default_fail: 0 };
  const message = { subject: "bad", text: "bad", html: "" };

  it("is a success when no e-mail filter is on", () => {
    assert.equal(classifyEmail(check, message), "success");
  });

  it("prefers failure, then success, then start keywords", () => {
    assert.equal(classifyEmail({ ...check, filter_subject: 1 }, { subject: "ok go bad", text: "", html: "" }), "fail");
    assert.equal(classifyEmail({ ...check, filter_subject: 1 }, { subject: "ok go", text: "", html: "" }), "success");
    assert.equal(classifyEmail({ ...check, filter_subject: 1 }, { subject: "go", text: "", html: "" }), "start");
  });

  it("falls back to ignore, or to fail when the default is fail", () => {
    assert.equal(classifyEmail({ ...check, filter_body: 1 }, { subject: "ok", text: "none", html: "" }), "ign");
    assert.equal(classifyEmail({ ...check, filter_body: 1, filter_default_fail: 1 }, { subject: "ok", text: "none", html: "" }), "fail");
  });
});

describe("htmlToText", () => {
  it("drops scripts and styles, strips tags, decodes entities and collapses whitespace", () => {
    assert.equal(htmlToText("<style>a{}</style><p>Tom &amp; Jerry</p>\n<script>x()</script><div>&#x41;&#66;</div>"), "Tom & Jerry AB");
  });
});
