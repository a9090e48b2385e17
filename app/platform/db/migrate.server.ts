import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import { getMigrations } from "better-auth/db/migration";
import { authTableOptions } from "../auth/auth.server";
import type { Db } from "./db.server";
import * as m0001 from "./migrations/0001-store";
import * as m0002 from "./migrations/0002-search";
import * as m0003 from "./migrations/0003-search-at-scale";
import * as m0004 from "./migrations/0004-rate-limit-buckets";
import * as m0005 from "./migrations/0005-name-key";
import * as m0006 from "./migrations/0006-version-columns";
import * as m0007 from "./migrations/0007-seller-suspension";
import * as m0008 from "./migrations/0008-list-indexes";
import * as m0009 from "./migrations/0009-outbox";
import * as m0010 from "./migrations/0010-temporary-passwords";
import * as m0011 from "./migrations/0011-mobile-sign-in";
import * as m0012 from "./migrations/0012-search-synonyms";
import * as m0013 from "./migrations/0013-pack-sizes";
import * as m0014 from "./migrations/0014-crop-browsing";
import * as m0015 from "./migrations/0015-pincode-directory";
import * as m0016 from "./migrations/0016-reviews";
import * as m0017 from "./migrations/0017-seller-licences";
import * as m0018 from "./migrations/0018-catalog-imports";
import * as m0019 from "./migrations/0019-gst";
import * as m0020 from "./migrations/0020-sample-product-gst";
import * as m0021 from "./migrations/0021-payments";
import * as m0022 from "./migrations/0022-languages";
import * as m0023 from "./migrations/0023-hindi-catalogue";
import * as m0024 from "./migrations/0024-catalog-version";
import * as m0025 from "./migrations/0025-how-to-use-hindi";
import * as m0026 from "./migrations/0026-payment-attention";
import * as m0027 from "./migrations/0027-verified-phone";
import * as m0031 from "./migrations/0031-credentials-epoch";
import * as m0032 from "./migrations/0032-vendor-licence";
import * as m0034 from "./migrations/0034-saved-addresses";
import * as m0035 from "./migrations/0035-paused-listings";
import * as m0036 from "./migrations/0036-return-refund-details";
import * as m0037 from "./migrations/0037-search-tags";
import * as m0038 from "./migrations/0038-order-line-hindi-name";
import * as m0040 from "./migrations/0040-sample-prices-within-mrp";
import * as m0041 from "./migrations/0041-rate-limit-hits";
import * as m0042 from "./migrations/0042-stock-not-taken";
import * as m0043 from "./migrations/0043-offers";
import * as m0049 from "./migrations/0049-offers-second-round";
import * as m0050 from "./migrations/0050-offer-customer-group";
import * as m0051 from "./migrations/0051-lots";
import * as m0052 from "./migrations/0052-territory";
import * as m0053 from "./migrations/0053-warehouse-work";
import * as m0055 from "./migrations/0055-recalls";
import * as m0056 from "./migrations/0056-staff-roles";
import * as m0057 from "./migrations/0057-audit-trail";
import * as m0058 from "./migrations/0058-assisted-orders";
import * as m0059 from "./migrations/0059-field-agents";
import * as m0060 from "./migrations/0060-draft-orders";
import * as m0062 from "./migrations/0062-agent-orders";
import * as m0063 from "./migrations/0063-job-leases";
import * as m0064 from "./migrations/0064-ondc";
import * as m0044 from "./migrations/0044-quantity-prices";
import * as m0045 from "./migrations/0045-wishlist";
import * as m0046 from "./migrations/0046-business-buyers";
import * as m0047 from "./migrations/0047-price-lists";
import * as m0048 from "./migrations/0048-kits";

const migrations: Record<string, Migration> = {
  "0001-store": m0001,
  "0002-search": m0002,
  "0003-search-at-scale": m0003,
  "0004-rate-limit-buckets": m0004,
  "0005-name-key": m0005,
  "0006-version-columns": m0006,
  "0007-seller-suspension": m0007,
  "0008-list-indexes": m0008,
  "0009-outbox": m0009,
  "0010-temporary-passwords": m0010,
  // 0011 is reserved for another branch.
  "0011-mobile-sign-in": m0011,
  "0012-search-synonyms": m0012,
  "0013-pack-sizes": m0013,
  "0014-crop-browsing": m0014,
  "0015-pincode-directory": m0015,
  "0016-reviews": m0016,
  "0017-seller-licences": m0017,
  "0018-catalog-imports": m0018,
  "0019-gst": m0019,
  "0020-sample-product-gst": m0020,
  "0021-payments": m0021,
  "0022-languages": m0022,
  "0023-hindi-catalogue": m0023,
  "0024-catalog-version": m0024,
  "0025-how-to-use-hindi": m0025,
  "0026-payment-attention": m0026,
  "0027-verified-phone": m0027,
  "0031-credentials-epoch": m0031,
  "0032-vendor-licence": m0032,
  "0034-saved-addresses": m0034,
  "0035-paused-listings": m0035,
  "0036-return-refund-details": m0036,
  "0037-search-tags": m0037,
  "0038-order-line-hindi-name": m0038,
  "0040-sample-prices-within-mrp": m0040,
  "0041-rate-limit-hits": m0041,
  "0042-stock-not-taken": m0042,
  "0043-offers": m0043,
  "0044-quantity-prices": m0044,
  "0045-wishlist": m0045,
  "0046-business-buyers": m0046,
  "0047-price-lists": m0047,
  "0048-kits": m0048,
  "0049-offers-second-round": m0049,
  "0050-offer-customer-group": m0050,
  "0051-lots": m0051,
  "0052-territory": m0052,
  "0053-warehouse-work": m0053,
  "0055-recalls": m0055,
  "0056-staff-roles": m0056,
  "0057-audit-trail": m0057,
  "0058-assisted-orders": m0058,
  "0059-field-agents": m0059,
  "0060-draft-orders": m0060,
  "0062-agent-orders": m0062,
  "0063-job-leases": m0063,
  "0064-ondc": m0064,
};

class InlineMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Our migrations' Migrator for a database; tests use it to stop at an earlier migration (`migrateTo`). */
export function storeMigrator(db: Db) {
  return new Migrator({ db, provider: new InlineMigrationProvider() });
}

/** Better Auth's tables first (ours reference "user"), then ours, in order. Safe to run twice. */
export async function migrateToLatest(db: Db) {
  const auth = await getMigrations(authTableOptions());
  await auth.runMigrations();
  const { error, results } = await storeMigrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
}
