import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { responseBody } from "./response-body.server";

describe("a page's response body", () => {
  it("cancelled mid-page behind compression, ends the page's stream without an unheard error", async () => {
    const unheard: unknown[] = [];
    const listener = (error: unknown) => unheard.push(error);
    process.on("uncaughtException", listener);
    try {
      const page = new PassThrough();
      // As the server's compress() reads a page: through a CompressionStream (its writable takes any BufferSource).
      const gzip = new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
      const reader = responseBody(page).pipeThrough(gzip).getReader();
      page.write("<!DOCTYPE html><html><head>");
      await reader.read();
      await reader.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unheard).toEqual([]);
      expect(page.destroyed).toBe(true);
    } finally {
      process.off("uncaughtException", listener);
    }
  });
});
