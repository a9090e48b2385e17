import { handleOndcCall, MAX_CALL_BYTES, type OndcAnswer } from "~/features/ondc/server/dispatch.server";
import { handleOnSubscribe, MAX_ON_SUBSCRIBE_BYTES } from "~/features/ondc/server/subscription.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";

/**
 * The HTTP side of ONDC's calls (docs/decisions/073-ondc-calls.md): each body read once, as bytes, at
 * most a limit (a bigger one is refused without reading the rest), and the answer made a JSON Response
 * no cache keeps.
 */

/** Reads at most `max` bytes of the body; `too-large` when it is longer (or says it is). */
async function readBody(request: Request, max: number): Promise<Uint8Array | "too-large"> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return "too-large";
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return "too-large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function respond(answer: OndcAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...answer.headers },
  });
}

/** `POST /ondc/<action>`: a buyer app's call. */
export async function answerOndcCall(action: string, request: Request): Promise<Response> {
  const body = await readBody(request, MAX_CALL_BYTES);
  return respond(
    await handleOndcCall(action, {
      authorization: request.headers.get("authorization"),
      gatewayAuthorization: request.headers.get("x-gateway-authorization"),
      body,
      clientAddress: clientAddress(request),
    }),
  );
}

/** `POST /ondc/on_subscribe`: the registry's challenge. */
export async function answerOnSubscribe(request: Request): Promise<Response> {
  const body = await readBody(request, MAX_ON_SUBSCRIBE_BYTES);
  return respond(await handleOnSubscribe(body === "too-large" ? body : new TextDecoder().decode(body)));
}
