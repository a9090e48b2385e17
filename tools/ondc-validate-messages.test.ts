import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { validateMessages, withPublicOrigins } from "./ondc-validate-messages.ts";

// A stand-in for the utility's /api/validate-schema, answering as its controller does: 200 with
// success true, or 400 with success false and the schema errors.
const seen: unknown[] = [];
const validator = createServer((request, response) => {
  let text = "";
  request.on("data", (chunk) => {
    text += chunk;
  });
  request.on("end", () => {
    const body = JSON.parse(text) as { context: { action: string } };
    seen.push({ path: request.url, body });
    const valid = body.context.action !== "on_select";
    response
      .writeHead(valid ? 200 : 400, { "content-type": "application/json" })
      .end(
        JSON.stringify(
          valid ? { success: true, error: false } : { success: false, error: { quote: "must have required property 'price'" } },
        ),
      );
  });
});
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => validator.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(validator.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => validator.close(() => resolve())));

test("sends each message to /api/validate-schema as it is, and reports the utility's verdicts", async () => {
  const search = { context: { action: "search", message_id: "m1" }, message: { intent: {} } };
  const onSelect = { context: { action: "on_select", message_id: "m2" }, message: { order: {} } };
  const verdicts = await validateMessages(url, [search, onSelect]);
  expect(seen).toEqual([
    { path: "/api/validate-schema", body: search },
    { path: "/api/validate-schema", body: onSelect },
  ]);
  expect(verdicts).toEqual([
    { action: "search", messageId: "m1", ok: true, errors: false },
    { action: "on_select", messageId: "m2", ok: false, errors: { quote: "must have required property 'price'" } },
  ]);
});

test("loopback origins become the participants' own, as ONDC's url format refuses loopback; nothing else changes", () => {
  const local = {
    context: {
      action: "on_search",
      bap_id: "buyer.test",
      bap_uri: "http://127.0.0.1:41209/ondc",
      bpp_id: "seller.test",
      bpp_uri: "http://localhost:3000/ondc",
    },
    message: {
      catalog: {
        "bpp/providers": [{ items: [{ descriptor: { images: ["http://127.0.0.1:3000/pictures/1.webp", "https://cdn.example/2.webp"] } }] }],
      },
    },
  };
  expect(withPublicOrigins(local)).toEqual({
    context: {
      action: "on_search",
      bap_id: "buyer.test",
      bap_uri: "https://buyer.test/ondc",
      bpp_id: "seller.test",
      bpp_uri: "https://seller.test/ondc",
    },
    message: {
      catalog: {
        "bpp/providers": [{ items: [{ descriptor: { images: ["https://seller.test/pictures/1.webp", "https://cdn.example/2.webp"] } }] }],
      },
    },
  });
});
