import { afterAll, beforeAll, expect, it } from "vitest";
import { s3Storage } from "~/platform/storage/s3-storage.server";
import { startTracing, stopTracing, traced } from "~/platform/observability/tracing.server";
import { startOtlpReceiver } from "../helpers/otlp-receiver";
import { type S3TestServer, startS3Server } from "../helpers/s3-server";

/**
 * Calls to the bucket are spans of the trace under way (decision 069): the AWS SDK's HTTP client is
 * not fetch, so undici's instrumentation cannot see them; s3-storage.server.ts makes them itself. Run
 * isolated (an integration-build file): tracing registers a global tracer for the whole process.
 */
let s3: S3TestServer;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
beforeAll(async () => {
  s3 = await startS3Server();
  receiver = await startOtlpReceiver();
  await startTracing({ endpoint: receiver.endpoint, serviceName: "angle-test" });
});
afterAll(async () => {
  await stopTracing();
  await receiver?.close();
  await s3?.stop();
});

it("puts, stats, gets and deletes a picture as four child spans of the request's, naming the bucket and key", async () => {
  const storage = s3Storage({
    bucket: s3.bucket,
    region: "ap-south-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    prefix: "spans/",
  });
  const traceId = await traced("request", {}, async (request) => {
    await storage.put("abcdefgh12.webp", Buffer.from("picture"), { contentType: "image/webp", cacheControl: "no-store" });
    expect((await storage.stat("abcdefgh12.webp"))?.size).toBe(7);
    const got = await storage.get("abcdefgh12.webp");
    await got?.body.cancel();
    await storage.delete("abcdefgh12.webp");
    return request.spanContext().traceId;
  });
  // The request's span ends after its children: once it is here, they are too (the batch keeps order).
  const spans = await receiver.trace(traceId, (found) => found.some((s) => s.name === "request"));
  const root = spans.find((s) => s.name === "request");
  const calls = spans.filter((s) => s.name.startsWith("s3 "));
  expect(calls.map((s) => s.name).sort()).toEqual(["s3 DeleteObject", "s3 GetObject", "s3 HeadObject", "s3 PutObject"]);
  for (const call of calls) {
    expect(call.parentSpanId).toBe(root?.spanId);
    expect(call.attributes["aws.s3.bucket"]).toBe(s3.bucket);
    expect(call.attributes["aws.s3.key"]).toBe("spans/abcdefgh12.webp");
    expect(call.attributes["server.address"]).toBe("127.0.0.1");
  }
  storage.close();
});
