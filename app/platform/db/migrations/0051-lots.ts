import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Lots (issue 32, docs/decisions/056-lots.md): a pack size's stock held as lots of one batch each.
 *
 * `lot`: a batch of a pack size as received. `quantity` is what is on hand; `sell_before` the first
 * India day it is no longer sold (its expiry less its kind's margin; null: it does not expire); a
 * recalled lot is never sold. Its label's facts by kind: seeds (`tested_on`, `germination_pct`,
 * `purity_pct`, `treated`), pesticides (`registration_no`, `phi_days`, `antidote`), fertilisers
 * (`fco_grade`). A size with any lot is "lot-tracked": its `stock` is then the sum of its sellable
 * lots, kept so by every writer of its lots (syncLotStock) and, for the days passing, by the lots sweep.
 *
 * `lot_adjustment`: each change to a lot's quantity made by hand, with its reason.
 *
 * `order_line_lot`: which lots a line's units came from; `returned`, how many of them went back.
 * Written by the trigger below, first expiry first out, in the statement that writes the line, so
 * every path that writes an order's lines (PostgreSQL's one statement, the general path, both
 * engines) takes its units from lots; a line it cannot fill from sellable lots fails the statement
 * (`lots_short`, SQLSTATE AN410 on PostgreSQL), which the order then answers (placeOrder).
 *
 * Lock order (PostgreSQL): a line's lots are locked by the trigger after the order's statement has
 * locked its products (the one statement's `locked`, or takeStock before the lines in the general
 * path); every other writer of lots locks the lot's product first.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  const bool = postgres ? "boolean" : "integer";
  await db.schema
    .createTable("lot")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    // No foreign key: a size deleted from its product's form keeps its lots, which the orders that took
    // from them still name (a product is deleted only if it never sold, and its lots with it).
    .addColumn("variant_id", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn("received_quantity", "integer", (c) => c.notNull().check(sql`received_quantity > 0`))
    .addColumn("manufactured_on", "text")
    .addColumn("expires_on", "text")
    .addColumn("sell_before", "text")
    .addColumn("tested_on", "text")
    .addColumn("germination_pct", "integer", (c) => c.check(sql`germination_pct between 0 and 100`))
    .addColumn("purity_pct", "integer", (c) => c.check(sql`purity_pct between 0 and 100`))
    .addColumn("treated", bool, (c) => c.notNull().defaultTo(false))
    .addColumn("registration_no", "text")
    .addColumn("phi_days", "integer", (c) => c.check(sql`phi_days between 0 and 365`))
    .addColumn("antidote", "text")
    .addColumn("fco_grade", "text")
    .addColumn("recalled_at", "text")
    .addColumn("recall_reason", "text")
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("received_by", "text")
    .addUniqueConstraint("lot_number_per_size", ["variant_id", "number"])
    .addCheckConstraint("lot_expires_after_made", sql`expires_on is null or manufactured_on is null or expires_on > manufactured_on`)
    .execute();
  // First expiry first out: a size's lots in the order the trigger takes them.
  await db.schema.createIndex("lot_fefo").on("lot").columns(["variant_id", "expires_on", "received_at", "id"]).execute();
  await db.schema.createIndex("lot_by_sell_before").on("lot").columns(["sell_before"]).execute();
  await db.schema.createIndex("lot_by_product").on("lot").columns(["product_id"]).execute();

  await db.schema
    .createTable("lot_adjustment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lot_id", "text", (c) => c.notNull().references("lot.id").onDelete("cascade"))
    .addColumn("change", "integer", (c) => c.notNull().check(sql`change <> 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lot_adjustment_by_lot").on("lot_adjustment").columns(["lot_id", "created_at"]).execute();

  await db.schema
    .createTable("order_line_lot")
    .addColumn("order_line_id", "text", (c) => c.notNull().references("order_line.id").onDelete("cascade"))
    .addColumn("lot_id", "text", (c) => c.notNull().references("lot.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("returned", "integer", (c) => c.notNull().defaultTo(0).check(sql`returned >= 0`))
    .addPrimaryKeyConstraint("order_line_lot_pk", ["order_line_id", "lot_id"])
    .addCheckConstraint("order_line_lot_returned_within", sql`returned <= quantity`)
    .execute();
  await db.schema.createIndex("order_line_lot_by_lot").on("order_line_lot").columns(["lot_id", "order_line_id"]).execute();

  // A line's lots, first expiry first out: the sellable lots in order, each taking what the line
  // still needs after the lots before it (`upto` less its own quantity is what those hold).
  const sellable = (today: string) =>
    `variant_id = new.variant_id and quantity > 0 and recalled_at is null and (sell_before is null or sell_before > ${today})`;
  const fefo = "order by expires_on is null, expires_on, received_at, id";
  if (postgres) {
    await sql`create function order_line_takes_lots() returns trigger language plpgsql as $$
      declare
        taken integer;
      begin
        if new.variant_id is null or not exists (select 1 from lot where variant_id = new.variant_id) then
          return null;
        end if;
        with held as (
          select id, quantity, expires_on, received_at from lot
          where ${sql.raw(sellable("to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM-DD')"))}
          order by id for update
        ), ranked as (
          select id, quantity, sum(quantity) over (${sql.raw(fefo)}) as upto from held
        ), took as (
          select id, least(quantity, new.quantity - (upto - quantity))::integer as q from ranked where upto - quantity < new.quantity
        ), noted as (
          insert into order_line_lot (order_line_id, lot_id, quantity) select new.id, id, q from took
        ), lowered as (
          update lot set quantity = lot.quantity - took.q from took where lot.id = took.id returning took.q
        )
        select coalesce(sum(q), 0) into taken from lowered;
        if taken < new.quantity then
          raise exception 'lots_short: %', new.variant_id using errcode = 'AN410';
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger order_line_takes_lots after insert on order_line
      for each row execute function order_line_takes_lots()`.execute(db);
    return;
  }
  await sql`create trigger order_line_takes_lots after insert on order_line
    when new.variant_id is not null and exists (select 1 from lot where variant_id = new.variant_id)
    begin
      insert into order_line_lot (order_line_id, lot_id, quantity)
        select new.id, id, min(quantity, new.quantity - (upto - quantity)) from (
          select id, quantity, sum(quantity) over (${sql.raw(fefo)}) as upto from lot
          where ${sql.raw(sellable("date('now', '+330 minutes')"))}
        ) where upto - quantity < new.quantity;
      select raise(abort, 'lots_short') where
        (select coalesce(sum(quantity), 0) from order_line_lot where order_line_id = new.id) < new.quantity;
      update lot set quantity = quantity - (select o.quantity from order_line_lot o where o.order_line_id = new.id and o.lot_id = lot.id)
        where id in (select lot_id from order_line_lot where order_line_id = new.id);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger order_line_takes_lots on order_line`.execute(db);
    await sql`drop function order_line_takes_lots()`.execute(db);
  } else {
    await sql`drop trigger order_line_takes_lots`.execute(db);
  }
  await db.schema.dropTable("order_line_lot").execute();
  await db.schema.dropTable("lot_adjustment").execute();
  await db.schema.dropTable("lot").execute();
}
