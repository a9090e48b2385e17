import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: a set of rate-limit hits as one statement (issue 30, docs/decisions/043-orders-under-a-rush.md),
 * where it was a transaction of two round trips per key and two more for BEGIN and COMMIT. The
 * function does what that transaction did, in the order given: for each key, its advisory lock, its
 * expired buckets dropped, its span summed (each statement of a volatile function sees what was
 * committed before it began, so after the lock it sees every earlier hit on the key, from any
 * process); the first key at its limit ends the judging and nothing is counted; otherwise one hit
 * is counted on every key. One row per key judged: whether that key allowed it, and its buckets in
 * the span (the hit included when counted). The locks are the call's transaction's. When the call
 * is a transaction of its own (`own_transaction`, as the store's always is), its commit does not
 * wait for the disk (`synchronous_commit = off`), so a key many share (an address many customers
 * order from) is not held for a flush per hit: a crash may forget the last fraction of a second of
 * counts, which a limit can spare. An order's own transaction still waits for its flush.
 * SQLite has one writer at a time and no functions: its store keeps its transaction.
 */
export async function up(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`create function rate_limit_hits(keys text[], starts bigint[], oldests bigint[], maxes bigint[], own_transaction boolean)
    returns table (hit integer, allowed boolean, buckets json)
    language plpgsql volatile as $$
    declare
      judged integer := 0;
      all_allowed boolean := true;
      span bigint;
    begin
      if own_transaction then
        perform set_config('synchronous_commit', 'off', true);
      end if;
      for k in 1 .. coalesce(cardinality(keys), 0) loop
        perform pg_advisory_xact_lock(hashtextextended(keys[k], 0));
        delete from rate_limit_bucket r where r.key = keys[k] and r.bucket_start < oldests[k];
        select coalesce(sum(r.count), 0) into span from rate_limit_bucket r where r.key = keys[k] and r.bucket_start >= oldests[k];
        judged := k;
        if span >= maxes[k] then
          all_allowed := false;
          exit;
        end if;
      end loop;
      if all_allowed then
        for k in 1 .. judged loop
          insert into rate_limit_bucket as r (key, bucket_start, count) values (keys[k], starts[k], 1)
            on conflict (key, bucket_start) do update set count = r.count + 1;
        end loop;
      end if;
      return query
        select k, k < judged or all_allowed,
          coalesce(json_agg(json_build_object('start', r.bucket_start, 'count', r.count) order by r.bucket_start)
            filter (where r.bucket_start is not null), '[]'::json)
        from generate_series(1, judged) k
        left join rate_limit_bucket r on r.key = keys[k] and r.bucket_start >= oldests[k]
        group by k order by k;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`drop function if exists rate_limit_hits(text[], bigint[], bigint[], bigint[], boolean)`.execute(db);
}
