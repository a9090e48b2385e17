import { sql, type Kysely } from "kysely";

/**
 * Field agents (issue 33, docs/decisions/065-field-agents.md and 066-agent-commission.md): a person
 * who orders for farmers around them. An agent is a customer account with an `agent` row; an admin
 * approves it. `agent_area` lists the pincodes they serve; `agent_farmer` the farmers they order for
 * (a farmer outside the area waits for an admin's approval). `commission_rate` is the owner's setting,
 * in basis points of a line's taxable value, per category; `agent_commission` is one row per order
 * line an agent placed, with the rate as it was then, written in the order's transaction.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("agent")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("village", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected', 'suspended')`))
    .addColumn("daily_order_limit", "integer", (c) => c.notNull().defaultTo(20).check(sql`daily_order_limit >= 0`))
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agent_status").on("agent").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("agent_area")
    .addColumn("agent_id", "text", (c) => c.notNull().references("agent.user_id").onDelete("cascade"))
    .addColumn("pincode", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("agent_area_pk", ["agent_id", "pincode"])
    .execute();

  await db.schema
    .createTable("agent_farmer")
    .addColumn("agent_id", "text", (c) => c.notNull().references("agent.user_id").onDelete("cascade"))
    .addColumn("farmer_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('approved', 'pending', 'rejected')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addPrimaryKeyConstraint("agent_farmer_pk", ["agent_id", "farmer_id"])
    .execute();
  await db.schema.createIndex("agent_farmer_farmer").on("agent_farmer").columns(["farmer_id"]).execute();

  await db.schema
    .createTable("commission_rate")
    .addColumn("category", "text", (c) => c.primaryKey())
    .addColumn("rate_bp", "integer", (c) => c.notNull().check(sql`rate_bp >= 0 and rate_bp <= 10000`))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("agent_commission")
    .addColumn("order_line_id", "text", (c) => c.primaryKey().references("order_line.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("agent_id", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("rate_bp", "integer", (c) => c.notNull().check(sql`rate_bp >= 0 and rate_bp <= 10000`))
    .addColumn("base_paise", "integer", (c) => c.notNull())
    .addColumn("commission_paise", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agent_commission_agent").on("agent_commission").columns(["agent_id", "order_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("agent_commission").execute();
  await db.schema.dropTable("commission_rate").execute();
  await db.schema.dropTable("agent_farmer").execute();
  await db.schema.dropTable("agent_area").execute();
  await db.schema.dropTable("agent").execute();
}
