import { z } from "zod";
import { NameSchema, PincodeSchema } from "../../accounts/domain/account";
import { FIELD_MAX } from "../../accounts/domain/account-rules";
import { refusalCode } from "../../../platform/core/refusal";

/*
 * Field agents (docs/decisions/065-field-agents.md): a person who orders for farmers around them.
 * The forms an agent and the admin fill in; client-safe.
 */

export const AGENT_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const isAgentStatus = (value: unknown): value is AgentStatus =>
  typeof value === "string" && (AGENT_STATUSES as readonly string[]).includes(value);

export const LINK_STATUSES = ["approved", "pending", "rejected"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** An agent's daily limit of orders: at most this, set by an admin (the column's default is 20). */
export const MAX_DAILY_LIMIT = 500;
/** Pincodes an agent's area may list. */
export const MAX_AREA_PINCODES = 50;

/** What a person registering as an agent types; their mobile is their account's proven number. */
export const AgentRegistrationSchema = z.object({
  name: NameSchema,
  village: z
    .string(refusalCode("agents.village"))
    .trim()
    .min(1, refusalCode("agents.village"))
    .max(FIELD_MAX.city, refusalCode("agents.village")),
  pincode: PincodeSchema,
});
export type AgentRegistration = z.infer<typeof AgentRegistrationSchema>;

/** A list of pincodes as an admin types it: separated by commas, spaces or lines; each six digits. */
export const AreaSchema = z
  .string(refusalCode("agents.area"))
  .max(MAX_AREA_PINCODES * 8, refusalCode("agents.area"))
  .transform((text, ctx) => {
    const pincodes = [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
    if (pincodes.length === 0 || pincodes.length > MAX_AREA_PINCODES || pincodes.some((p) => !/^[1-9]\d{5}$/.test(p))) {
      ctx.addIssue({ code: "custom", message: refusalCode("agents.area") });
      return z.NEVER;
    }
    return pincodes.sort();
  });

const AgentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, refusalCode("agents.not_found"));

/** The admin's forms on /admin/agents, one per intent. */
export const AgentAdminSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("decide"), agent: AgentId, status: z.enum(AGENT_STATUSES, refusalCode("common.check_form")) }),
    z.object({ intent: z.literal("area"), agent: AgentId, pincodes: AreaSchema }),
    z.object({
      intent: z.literal("limit"),
      agent: AgentId,
      limit: z.coerce
        .number(refusalCode("agents.limit", { max: MAX_DAILY_LIMIT }))
        .int(refusalCode("agents.limit", { max: MAX_DAILY_LIMIT }))
        .min(0, refusalCode("agents.limit", { max: MAX_DAILY_LIMIT }))
        .max(MAX_DAILY_LIMIT, refusalCode("agents.limit", { max: MAX_DAILY_LIMIT })),
    }),
    z.object({
      intent: z.literal("farmer"),
      agent: AgentId,
      farmer: AgentId,
      status: z.enum(["approved", "rejected"], refusalCode("common.check_form")),
    }),
  ],
  refusalCode("common.unknown_intent"),
);
