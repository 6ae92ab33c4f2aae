import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "../../src/lib/passwords.js";
import { html, raw } from "../../src/web/html.js";
import { safeNext } from "../../src/web/context.js";
import { splitSeconds } from "../../src/web/check-input.js";
import { formatDuration, relativeTime } from "../../src/web/views/format.js";

describe("dashboard building blocks", () => {
  it("escapes every interpolated value unless it is markup from a template", () => {
    const name = `<img src=x onerror="alert('x')">&`;
    const out = html`<p title="${name}">${name}${html`<b>${name}</b>`}${raw("<i>ok</i>")}${[1, html`<br>`, null, false, undefined]}</p>`;
    assert.equal(
      out.text,
      `<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;<b>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</b><i>ok</i>1<br></p>`,
    );
  });

  it("hashes passwords with a fresh salt and verifies only the right one", async () => {
    const a = await hashPassword("s3cret password");
    const b = await hashPassword("s3cret password");
    assert.notEqual(a, b);
    assert.equal(await verifyPassword("s3cret password", a), true);
    assert.equal(await verifyPassword("s3cret passwore", a), false);
    assert.equal(await verifyPassword("s3cret password", "md5$whatever"), false);
  });

  it("accepts only local paths as a place to return to", () => {
    assert.equal(safeNext("/projects/"), "/projects/");
    assert.equal(safeNext("//evil.example/"), null);
    assert.equal(safeNext("/\\evil.example/"), null);
    assert.equal(safeNext("https://evil.example/"), null);
    assert.equal(safeNext(null), null);
  });

  it("formats durations, relative times and period units", () => {
    assert.equal(formatDuration(90061), "1 day 1 hour");
    assert.equal(formatDuration(60), "1 minute");
    assert.equal(relativeTime(0, 3 * 3600_000), "3 hours ago");
    assert.equal(relativeTime(120_000, 0), "in 2 minutes");
    assert.deepEqual(splitSeconds(7200), { value: "2", unit: "3600" });
    assert.deepEqual(splitSeconds(86400 * 3), { value: "3", unit: "86400" });
    assert.deepEqual(splitSeconds(90), { value: "2", unit: "60" });
  });
});
