import type { z } from "zod";
import { log } from "~/platform/log.server";

type GatewayName = "Razorpay" | "Stripe";

/** The gateway answered with an error, could not be reached (status 0), or answered in a shape we do not know (502). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  /** Worth trying again later: unreachable, rate-limited or a server error. */
  get transient() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/**
 * A gateway's answer or webhook payload checked against the fields we read
 * (docs/decisions/035-validated-gateway-responses.md); null when it is of another shape. That is
 * logged as an error naming the wrong fields, never their values: a payload carries customers'
 * emails and phone numbers.
 */
export function readFromGateway<T extends z.ZodType>(gateway: GatewayName, what: string, schema: T, value: unknown): z.output<T> | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join(".") || "(whole)"}: ${issue.message}`);
  log.error({ gateway, what, issues }, "a payment gateway sent something in a shape we do not know");
  return null;
}

/** As readFromGateway, for an answer to our own call: another shape is the gateway failing (transient, 502). */
export function readGatewayAnswer<T extends z.ZodType>(gateway: GatewayName, what: string, schema: T, answer: unknown): z.output<T> {
  const data = readFromGateway(gateway, what, schema, answer);
  if (data === null) throw new GatewayError(`${gateway} answered ${what} in a shape we do not know`, 502);
  return data;
}
