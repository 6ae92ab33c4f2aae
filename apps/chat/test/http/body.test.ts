// Request bodies: what a malformed multipart body is answered with, on every endpoint.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, basic, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("request bodies", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  const post = (contentType: string, payload: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/users/me/alert_words", headers: { host: owner.host, authorization: basic(owner.email, owner.apiKey), "content-type": contentType }, payload });

  it("answers a multipart body without a boundary with a 400, not a crash", async () => {
    const res = await post("multipart/form-data", '--x\r\ncontent-disposition: form-data; name="alert_words"\r\n\r\n["a"]\r\n--x--\r\n');
    assert.deepEqual([res.statusCode, res.json()], [400, badRequest("Malformed multipart body")]);
  });

  it("answers a truncated multipart body with a 400", async () => {
    const truncated = await post("multipart/form-data; boundary=x", '--x\r\ncontent-disposition: form-data; name="alert_words"\r\n\r\n["a"');
    assert.equal(truncated.statusCode, 400);
  });

  it("still reads the fields of a well-formed multipart body, a repeated field keeping its last value", async () => {
    const body = '--x\r\ncontent-disposition: form-data; name="alert_words"\r\n\r\n["a"]\r\n--x\r\ncontent-disposition: form-data; name="alert_words"\r\n\r\n["b"]\r\n--x--\r\n';
    const res = await post("multipart/form-data; boundary=x", body);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().alert_words, ["b"]);
  });
});
