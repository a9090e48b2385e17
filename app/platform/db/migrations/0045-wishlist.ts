import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Wishlists and "Tell me when it's back" (issue 31).
 *
 * `wishlist_item`: a product a customer saved, private to them (their id is part of every query).
 *
 * `stock_alert`: a customer's request to hear when one sold-out pack size is back. Its messages
 * (an email and/or an SMS, in the customer's language, as their message choices allowed) are
 * rendered when they ask and kept on the request; at most one request per customer and size is
 * open (`notified_at` null).
 *
 * When a size's stock goes from 0 to more, a trigger on product_variant copies each open request's
 * messages into the outbox and marks the request done: in the transaction of the stock change,
 * whatever made it (an admin or vendor save, a CSV import, a cancellation or a return restoring
 * stock, an unpaid order released, a script). Each request is sent once (the update marks it, the
 * outbox's dedupe key names it); a second restock finds no open request; a stock still at 0 fires
 * nothing. PostgreSQL's row lock on the size makes two concurrent restocks take turns.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table wishlist_item (
    user_id text not null references "user"(id) on delete cascade,
    product_id text not null references product(id) on delete cascade,
    created_at text not null,
    primary key (user_id, product_id))`.execute(db);
  await sql`create index wishlist_item_by_user on wishlist_item (user_id, created_at, product_id)`.execute(db);
  await sql`create index wishlist_item_by_product on wishlist_item (product_id)`.execute(db);

  await sql`create table stock_alert (
    id text primary key,
    user_id text not null references "user"(id) on delete cascade,
    product_id text not null references product(id) on delete cascade,
    variant_id text not null references product_variant(id) on delete cascade,
    created_at text not null,
    notified_at text,
    email_to text,
    email_payload text,
    sms_to text,
    sms_payload text)`.execute(db);
  await sql`create unique index stock_alert_open on stock_alert (user_id, variant_id) where notified_at is null`.execute(db);
  await sql`create index stock_alert_waiting on stock_alert (variant_id) where notified_at is null`.execute(db);
  await sql`create index stock_alert_by_user on stock_alert (user_id)`.execute(db);
  await sql`create index stock_alert_by_product on stock_alert (product_id)`.execute(db);

  if (isPostgres(db)) {
    await sql`create function stock_alert_restocked() returns trigger language plpgsql as $$
      declare
        now_text text := to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
      begin
        insert into outbox (id, channel, kind, dedupe_key, recipient, payload, next_attempt_at, created_at)
          select md5(random()::text || clock_timestamp()::text || a.id || 'email'), 'email', 'back-in-stock',
            'back-in-stock:' || a.id || ':email', a.email_to, a.email_payload, now_text, now_text
          from stock_alert a
          where a.variant_id = new.id and a.notified_at is null and a.email_payload is not null
          on conflict (dedupe_key) do nothing;
        insert into outbox (id, channel, kind, dedupe_key, recipient, payload, next_attempt_at, created_at)
          select md5(random()::text || clock_timestamp()::text || a.id || 'sms'), 'sms', 'back-in-stock-sms',
            'back-in-stock:' || a.id || ':sms', a.sms_to, a.sms_payload, now_text, now_text
          from stock_alert a
          where a.variant_id = new.id and a.notified_at is null and a.sms_payload is not null
          on conflict (dedupe_key) do nothing;
        update stock_alert set notified_at = now_text where variant_id = new.id and notified_at is null;
        return null;
      end $$`.execute(db);
    await sql`create trigger stock_alert_restocked after update of stock on product_variant
      for each row when (old.stock = 0 and new.stock > 0) execute function stock_alert_restocked()`.execute(db);
    return;
  }
  const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
  await sql`create trigger stock_alert_restocked after update of stock on product_variant
    when old.stock = 0 and new.stock > 0
    begin
      insert or ignore into outbox (id, channel, kind, dedupe_key, recipient, payload, next_attempt_at, created_at)
        select lower(hex(randomblob(16))), 'email', 'back-in-stock', 'back-in-stock:' || a.id || ':email',
          a.email_to, a.email_payload, ${now}, ${now}
        from stock_alert a
        where a.variant_id = new.id and a.notified_at is null and a.email_payload is not null;
      insert or ignore into outbox (id, channel, kind, dedupe_key, recipient, payload, next_attempt_at, created_at)
        select lower(hex(randomblob(16))), 'sms', 'back-in-stock-sms', 'back-in-stock:' || a.id || ':sms',
          a.sms_to, a.sms_payload, ${now}, ${now}
        from stock_alert a
        where a.variant_id = new.id and a.notified_at is null and a.sms_payload is not null;
      update stock_alert set notified_at = ${now} where variant_id = new.id and notified_at is null;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger if exists stock_alert_restocked on product_variant`.execute(db);
    await sql`drop function if exists stock_alert_restocked()`.execute(db);
  } else {
    await sql`drop trigger if exists stock_alert_restocked`.execute(db);
  }
  await sql`drop table if exists stock_alert`.execute(db);
  await sql`drop table if exists wishlist_item`.execute(db);
}
