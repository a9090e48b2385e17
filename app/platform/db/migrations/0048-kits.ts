import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Kits (issue 31, docs/decisions/055-kits.md): a pack size sold as a bundle of other pack sizes.
 *
 * `kit_part`: the kit's size, one of its parts' sizes, and how many of that part one kit holds.
 * A part is never itself a kit (checked by the admin's save).
 *
 * A kit's stock is never kept by hand: it is the least, over its parts, of the part's stock divided
 * by its quantity in the kit. Triggers keep it so whatever changes a part's stock (an order, a
 * cancellation, a return, an unpaid order released, an admin or vendor save, a CSV import), in that
 * change's transaction, and write the kit product's summary stock with it, which the catalogue's
 * pages and the page cache's version follow (their own triggers on product). A kit size's own stock
 * written by hand (its product's form, an import) is put back to what its parts allow. A part's size
 * deleted (its product's form, an import) takes the kit off sale ("paused"): it would sell short of
 * that part; the admin gives it its parts again and puts it back on sale.
 *
 * Lock order (PostgreSQL): every writer of a part's stock has locked the part's product; the trigger
 * then locks the kits' products, in id order, before their sizes. An order takes the same locks in
 * the same order (the parts' products, then the kits'), so orders of kits and of parts never deadlock.
 *
 * `order_line.kit_variant_id`, `kit_name`, `kit_name_hi`, `kit_quantity`: a part's line of an order
 * that sold a kit; the lines of one kit share them (null for a line sold on its own).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("kit_part")
    .addColumn("kit_variant_id", "text", (c) => c.notNull().references("product_variant.id").onDelete("cascade"))
    .addColumn("part_variant_id", "text", (c) => c.notNull().references("product_variant.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 99`))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("kit_part_pk", ["kit_variant_id", "part_variant_id"])
    .addCheckConstraint("kit_part_not_itself", sql`kit_variant_id <> part_variant_id`)
    .execute();
  await db.schema.createIndex("kit_part_by_part").on("kit_part").columns(["part_variant_id", "kit_variant_id"]).execute();
  await db.schema.alterTable("order_line").addColumn("kit_variant_id", "text").execute();
  await db.schema.alterTable("order_line").addColumn("kit_name", "text").execute();
  await db.schema.alterTable("order_line").addColumn("kit_name_hi", "text").execute();
  await db.schema.alterTable("order_line").addColumn("kit_quantity", "integer").execute();

  // What a kit's parts allow: the least of floor(part stock / quantity); 0 for a kit without parts.
  const kitStock = (kit: string) =>
    sql.raw(`coalesce((select min(p.stock / k.quantity) from kit_part k join product_variant p on p.id = k.part_variant_id
      where k.kit_variant_id = ${kit}), 0)`);
  const productStock = sql.raw(`(select coalesce(sum(s.stock), 0) from product_variant s where s.product_id = product.id)`);

  if (isPostgres(db)) {
    await sql`create function kit_stock_follows() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from kit_part where kit_variant_id = new.id) then
          -- A kit's own stock written by hand: what its parts allow instead.
          update product_variant set stock = ${kitStock("new.id")} where id = new.id and stock <> ${kitStock("new.id")};
          update product set stock = ${productStock} where id = new.product_id and stock <> ${productStock};
          return null;
        end if;
        if not exists (select 1 from kit_part where part_variant_id = new.id) then
          return null;
        end if;
        perform 1 from product where id in (
          select kv.product_id from kit_part k join product_variant kv on kv.id = k.kit_variant_id where k.part_variant_id = new.id)
          order by id for no key update;
        update product_variant kv set stock = ${kitStock("kv.id")}
          where kv.id in (select kit_variant_id from kit_part where part_variant_id = new.id) and kv.stock <> ${kitStock("kv.id")};
        update product set stock = ${productStock}
          where id in (select kv.product_id from kit_part k join product_variant kv on kv.id = k.kit_variant_id
            where k.part_variant_id = new.id) and stock <> ${productStock};
        return null;
      end $$`.execute(db);
    await sql`create trigger kit_stock_follows after update of stock on product_variant
      for each row when (old.stock is distinct from new.stock) execute function kit_stock_follows()`.execute(db);
    await sql`create function kit_part_deleted() returns trigger language plpgsql as $$
      begin
        update product set status = 'paused' where status = 'live' and id in (
          select kv.product_id from kit_part k join product_variant kv on kv.id = k.kit_variant_id where k.part_variant_id = old.id);
        return old;
      end $$`.execute(db);
    await sql`create trigger kit_part_deleted before delete on product_variant
      for each row execute function kit_part_deleted()`.execute(db);
    return;
  }
  await sql`create trigger kit_stock_follows_parts after update of stock on product_variant
    when old.stock is not new.stock and exists (select 1 from kit_part where part_variant_id = new.id)
    begin
      update product_variant set stock = ${kitStock("product_variant.id")}
        where id in (select kit_variant_id from kit_part where part_variant_id = new.id);
      update product set stock = ${productStock}
        where id in (select kv.product_id from kit_part k join product_variant kv on kv.id = k.kit_variant_id
          where k.part_variant_id = new.id);
    end`.execute(db);
  await sql`create trigger kit_part_deleted before delete on product_variant
    when exists (select 1 from kit_part where part_variant_id = old.id)
    begin
      update product set status = 'paused' where status = 'live' and id in (
        select kv.product_id from kit_part k join product_variant kv on kv.id = k.kit_variant_id where k.part_variant_id = old.id);
    end`.execute(db);
  await sql`create trigger kit_stock_not_by_hand after update of stock on product_variant
    when exists (select 1 from kit_part where kit_variant_id = new.id) and new.stock <> ${kitStock("new.id")}
    begin
      update product_variant set stock = ${kitStock("new.id")} where id = new.id;
      update product set stock = ${productStock} where id = new.product_id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger kit_part_deleted on product_variant`.execute(db);
    await sql`drop function kit_part_deleted()`.execute(db);
    await sql`drop trigger kit_stock_follows on product_variant`.execute(db);
    await sql`drop function kit_stock_follows()`.execute(db);
  } else {
    await sql`drop trigger kit_part_deleted`.execute(db);
    await sql`drop trigger kit_stock_follows_parts`.execute(db);
    await sql`drop trigger kit_stock_not_by_hand`.execute(db);
  }
  await db.schema.alterTable("order_line").dropColumn("kit_quantity").execute();
  await db.schema.alterTable("order_line").dropColumn("kit_name_hi").execute();
  await db.schema.alterTable("order_line").dropColumn("kit_name").execute();
  await db.schema.alterTable("order_line").dropColumn("kit_variant_id").execute();
  await db.schema.dropTable("kit_part").execute();
}
