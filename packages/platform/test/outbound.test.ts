import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { request } from "node:http";
import { checkedLookup, checkLiteral, isPublicAddress, OutboundRefusedError } from "@beacon/platform";

// Each spelling as the URL parser leaves it in `hostname` (what the guard is handed), and what it
// must decide.
const SPELLINGS: [string, boolean][] = [
  ["127.0.0.1", false],
  ["127.255.255.254", false],
  ["10.1.2.3", false],
  ["172.16.0.1", false],
  ["172.32.0.1", true],
  ["192.168.1.1", false],
  ["169.254.169.254", false], // cloud metadata
  ["100.64.0.1", false],
  ["0.0.0.0", false],
  ["224.0.0.1", false],
  ["255.255.255.255", false],
  ["8.8.8.8", true],
  ["::1", false],
  ["::", false],
  ["::ffff:7f00:1", false], // IPv4-mapped 127.0.0.1, as new URL() rewrites [::ffff:127.0.0.1]
  ["::ffff:127.0.0.1", false],
  ["::ffff:a9fe:a9fe", false], // mapped 169.254.169.254
  ["::ffff:808:808", true], // mapped 8.8.8.8
  ["::7f00:1", false], // IPv4-compatible 127.0.0.1
  ["::ffff:0:7f00:1", false], // SIIT translated
  ["64:ff9b::7f00:1", false], // NAT64 of 127.0.0.1
  ["64:ff9b::808:808", true], // NAT64 of 8.8.8.8
  ["64:ff9b:1::1", false], // local NAT64
  ["2002:7f00:1::1", false], // 6to4 of 127.0.0.1
  ["2002:a00:1::", false], // 6to4 of 10.0.0.1
  ["2002:808:808::1", true], // 6to4 of 8.8.8.8
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", false], // Teredo
  ["fe80::1", false],
  ["fe80::1%eth0", false],
  ["fd00::1", false],
  ["fc00::1", false],
  ["fec0::1", false],
  ["ff02::1", false],
  ["2001:db8::1", false],
  ["2606:4700:4700::1111", true],
  ["[::1]", false],
  ["not-an-address", false],
];

describe("isPublicAddress: every spelling of a private address", () => {
  for (const [address, expected] of SPELLINGS) {
    it(`${expected ? "allows" : "refuses"} ${address}`, () => assert.equal(isPublicAddress(address), expected));
  }
});

describe("checkLiteral: address literals in URLs, after the URL parser's rewriting", () => {
  const refused = ["http://[::ffff:127.0.0.1]/", "http://2130706433/", "http://0177.0.0.1/", "http://0x7f.1/", "http://127.1/", "http://[::127.0.0.1]/", "http://[0:0:0:0:0:ffff:127.0.0.1]:8080/", "http://169.254.169.254/latest/meta-data/"];
  for (const url of refused) {
    it(`refuses ${url}`, () => assert.throws(() => checkLiteral(new URL(url)), OutboundRefusedError));
  }
  it("leaves host names to the lookup and public literals alone", () => {
    checkLiteral(new URL("http://example.com/"));
    checkLiteral(new URL("http://8.8.8.8/"));
    checkLiteral(new URL("http://[2606:4700:4700::1111]/"));
  });
  it("lets the operator's exception through", () => {
    checkLiteral(new URL("http://127.0.0.1:9/"), (host) => host === "127.0.0.1");
  });
});

describe("checkedLookup: a host name that resolves to loopback", () => {
  it("never connects, and says why", async () => {
    const server = createServer((_req, res) => res.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const error = await new Promise<Error>((resolve) => {
        const req = request({ host: "localhost", port, lookup: checkedLookup() }, () => resolve(new Error("connected")));
        req.on("error", resolve);
        req.end();
      });
      assert.ok(error instanceof OutboundRefusedError, error.message);
      // The operator's exception, by name:
      const body = await new Promise<string>((resolve, reject) => {
        const req = request({ host: "localhost", port, lookup: checkedLookup((host) => host === "localhost") }, (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve(text));
        });
        req.on("error", reject);
        req.end();
      });
      assert.equal(body, "reached");
    } finally {
      server.close();
    }
  });
});
