import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * CSV imports of the catalogue (issue 13, docs/decisions/020-csv-import.md).
 *
 * - `catalog_import`: uploads waiting between their preview and "Apply import": the file's text
 *   under a random id, for the admin or vendor who uploaded it (`scope` says which page), until
 *   `expires_at`. Applying takes the row in the import's transaction, so an import is applied once.
 * - PostgreSQL: product_count (0002) is kept per statement instead of per row. A row trigger adds
 *   1 to the same counter row for each product an import inserts, and within one transaction each
 *   of those updates walks the row's earlier versions: 2,500 new products took ~2.5 s, growing with
 *   the square of their number. A statement trigger adds each statement's rows up first (transition
 *   tables), one write per status and category. SQLite updates a row in place, so it keeps 0002's.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("catalog_import")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("csv", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("catalog_import_user").on("catalog_import").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("catalog_import_expiry").on("catalog_import").column("expires_at").execute();

  if (!isPostgres(db)) return;
  // Transition tables cannot go with a column list (0002's "update of status, category"), so the
  // update trigger sees every update of a product; one that moves no product between counters
  // (a sale's stock) adds up to nothing and writes nothing.
  await sql`drop trigger if exists product_count_trg on product`.execute(db);
  await sql`drop function if exists product_count_trg()`.execute(db);
  await sql
    .raw(`create function product_count_stmt() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into product_count as c (status, category, n)
          select status, category, count(*) from new_rows group by status, category
          on conflict (status, category) do update set n = c.n + excluded.n;
      elsif tg_op = 'DELETE' then
        update product_count c set n = c.n - d.n
          from (select status, category, count(*) as n from old_rows group by status, category) d
          where c.status = d.status and c.category = d.category;
      else
        insert into product_count as c (status, category, n)
          select status, category, sum(d) from (
            select status, category, 1 as d from new_rows
            union all
            select status, category, -1 as d from old_rows
          ) moved group by status, category having sum(d) <> 0
          on conflict (status, category) do update set n = c.n + excluded.n;
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger product_count_insert after insert on product referencing new table as new_rows
    for each statement execute function product_count_stmt()`.execute(db);
  await sql`create trigger product_count_delete after delete on product referencing old table as old_rows
    for each statement execute function product_count_stmt()`.execute(db);
  await sql`create trigger product_count_update after update on product referencing old table as old_rows new table as new_rows
    for each statement execute function product_count_stmt()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("catalog_import").execute();
  if (!isPostgres(db)) return;
  for (const t of ["product_count_insert", "product_count_delete", "product_count_update"])
    await sql`drop trigger if exists ${sql.raw(t)} on product`.execute(db);
  await sql`drop function if exists product_count_stmt()`.execute(db);
  // 0002's row trigger, as it was.
  await sql
    .raw(`create function product_count_trg() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update product_count set n = n - 1 where status = old.status and category = old.category;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into product_count (status, category, n) values (new.status, new.category, 1)
          on conflict (status, category) do update set n = product_count.n + 1;
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql`create trigger product_count_trg after insert or delete or update of status, category on product for each row execute function product_count_trg()`.execute(
    db,
  );
}
