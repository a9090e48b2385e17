import type { z } from "zod";
import type { BecknContext, BecknError, BuyerCall } from "~/features/ondc/domain/beckn";

/**
 * One call the dispatcher (server/dispatch.server.ts) took: signature verified, context checked,
 * message parsed by the call's schema, ACKed. `handle` runs after the ACK and returns what to send
 * back in the `on_` callback(s); the dispatcher wraps each in the callback's context, signs it,
 * posts it to the buyer app's `bap_uri`, retries, and logs it.
 */
export type OndcCall<M> = {
  action: BuyerCall;
  context: BecknContext;
  message: M;
  /** When the call arrived (ISO). */
  receivedAt: string;
};

/** One `on_` callback's body past its context: a message, an error, or both (Beckn allows an error beside a message). */
export type OndcReply = {
  message?: Record<string, unknown>;
  error?: BecknError;
  /** The callback's context.timestamp, when its message must name the same instant (on_confirm's order.updated_at). */
  timestamp?: string;
};

export type OndcCallHandler<M = unknown> = {
  /** The call's `message`; a message that fails it is NACKed (30000) before any work. */
  message: z.ZodType<M>;
  /** Zero replies: nothing is called back (a `search` we have nothing for stays silent, as ONDC asks). */
  handle(call: OndcCall<M>): Promise<OndcReply[]>;
};

/** A call's handler with its message's type kept (`handle` sees what `message` parsed); the registry holds them as unknown. */
export const defineCall = <M>(handler: OndcCallHandler<M>): OndcCallHandler<unknown> => handler as OndcCallHandler<unknown>;
