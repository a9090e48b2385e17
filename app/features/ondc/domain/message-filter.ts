import { z } from "zod";

/**
 * The protocol log's filters as the admin page's URL carries them: which way, which action, which
 * transaction, and how the signature went. Anything unknown or malformed is no filter, never an error.
 */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().catch(null);

const FilterSchema = z.object({
  direction: orNull(z.enum(["in", "out"])),
  // Actions are protocol names: on_search, issue_status, on_subscribe.
  action: orNull(
    z
      .string()
      .trim()
      .regex(/^[a-z_]{2,40}$/),
  ),
  // Printable ASCII without spaces, as ONDC's ids are (no NUL, which PostgreSQL's text refuses): anything else is no filter.
  transactionId: orNull(
    z
      .string()
      .trim()
      .regex(/^[!-~]{1,100}$/),
  ),
  signature: orNull(z.enum(["verified", "refused", "signed", "unsigned"])),
});
export type OndcMessageFilter = z.infer<typeof FilterSchema>;

export function readMessageFilter(params: URLSearchParams): OndcMessageFilter {
  const get = (name: string) => params.get(name) || null;
  return FilterSchema.parse({ direction: get("direction"), action: get("action"), transactionId: get("tx"), signature: get("signature") });
}
