import { getDatabase } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import type { AgentRegistration } from "../domain/agents";
import { AgentRefused } from "./agents.server";

/**
 * A customer asks to be a field agent (docs/decisions/065-field-agents.md): their name, village and
 * pincode, and their account's proven mobile number; an admin decides. A pending or rejected request
 * may be sent again (it is pending again); an approved or suspended agent's is not.
 */
export async function registerAgent(user: { id: string; role: string; mobile: string }, input: AgentRegistration): Promise<void> {
  if (user.role !== "user") throw new AgentRefused(refusal("agents.customers_only"), 403);
  if (!user.mobile) throw new AgentRefused(refusal("agents.mobile_unproven"), 409);
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom("agent").select("status").where("user_id", "=", user.id).executeTakeFirst();
    if (known && (known.status === "approved" || known.status === "suspended")) throw new AgentRefused(refusal("agents.already"), 409);
    const row = { name: input.name, mobile: user.mobile, village: input.village, pincode: input.pincode, status: "pending" };
    if (known) {
      await trx
        .updateTable("agent")
        .set({ ...row, decided_by: null, decided_at: null })
        .where("user_id", "=", user.id)
        .execute();
    } else {
      await trx
        .insertInto("agent")
        .values({ user_id: user.id, ...row, created_at: new Date().toISOString() })
        // A second press of the button at the same moment: the first one's request.
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    }
  });
}
