import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";

/**
 * The page's Node stream as a response body. A visitor who leaves while a compressed page is still
 * being sent cancels the body: Node then destroys the page's stream with an AbortError after
 * @react-router/node's pump has stopped listening to it (react-router issue 15364), and an 'error'
 * nobody hears ends the process. The page is over for that visitor; nothing else is to be done.
 */
export function responseBody(page: Readable): ReadableStream<Uint8Array> {
  page.on("error", () => {});
  return createReadableStreamFromReadable(page);
}
