import { describe, expect, test } from "vitest";
import { checkFile, importsOf } from "./check-boundaries";

const exports = new Map([
  ["tax", new Set(["domain/gst"])],
  ["orders", new Set<string>()],
]);
const rulesOf = (file: string, source: string) => checkFile(file, source, exports).map((v) => v.rule);

describe("the layout's boundaries", () => {
  test("finds static, re-exported, type-only and dynamic imports, with their lines", () => {
    const refs = importsOf('import a from "x";\nexport { b } from "./y";\nimport type { C } from "~/z";\nconst d = await import("./w");\n');
    expect(refs.map((r) => [r.specifier, r.line, r.typeOnly])).toEqual([
      ["x", 1, false],
      ["./y", 2, false],
      ["~/z", 3, true],
      ["./w", 4, false],
    ]);
  });

  test("a route that imports the database is refused; one that calls a service is not", () => {
    expect(rulesOf("app/routes/store/cart.tsx", 'import { getDb } from "~/platform/db/db.server";')).toEqual(["routes-no-database"]);
    expect(rulesOf("app/routes/store/cart.tsx", 'import { quoteCart } from "~/features/cart/server/quote-cart.server";')).toEqual([]);
  });

  test("pure domain code may not reach for I/O", () => {
    const file = "app/features/tax/domain/gst.ts";
    expect(rulesOf(file, 'import { readFileSync } from "node:fs";')).toEqual(["pure-domain"]);
    expect(rulesOf(file, 'import pg from "pg";')).toEqual(["pure-domain"]);
    expect(rulesOf(file, 'import { getDb } from "../../../platform/db/db.server";')).toEqual(["pure-domain"]);
    expect(rulesOf(file, 'import { issue } from "../server/issue-documents.server";')).toEqual(["pure-domain"]);
    expect(rulesOf(file, 'import { getEnv } from "~/platform/env.server";')).toEqual(["pure-domain"]);
    expect(rulesOf(file, 'import { z } from "zod";\nimport { formatINR } from "~/platform/core/money";')).toEqual([]);
    // A test beside it may use what it likes.
    expect(rulesOf("app/features/tax/domain/gst.test.ts", 'import { readFileSync } from "node:fs";')).toEqual([]);
  });

  test("infrastructure and UI primitives never import a feature, but for the declared exceptions", () => {
    expect(rulesOf("app/platform/log.server.ts", 'import { gst } from "~/features/tax/domain/gst";')).toEqual(["platform-no-features"]);
    expect(rulesOf("app/ui/pager.tsx", 'import { t } from "../features/orders/ui/order-text";')).toEqual(["platform-no-features"]);
    expect(rulesOf("app/platform/db/schema.ts", 'import type { TaxMode } from "../../features/tax/domain/gst";')).toEqual([]);
    expect(rulesOf("app/platform/db/schema.ts", 'import { TaxMode } from "../../features/tax/domain/gst";')).toEqual([
      "platform-no-features",
    ]);
    expect(
      rulesOf("app/platform/db/migrations/0099-x.ts", 'import { p } from "../../../features/delivery/domain/pincode-directory";'),
    ).toEqual([]);
  });

  test("a feature uses another only through what that one exports", () => {
    const file = "app/features/orders/server/place-order.server.ts";
    expect(rulesOf(file, 'import { gstFor } from "~/features/tax/domain/gst";')).toEqual([]);
    expect(rulesOf(file, 'import { gstFor } from "../../tax/domain/gst.ts";')).toEqual([]);
    expect(rulesOf(file, 'import { x } from "~/features/tax/server/gst-report.server";')).toEqual(["feature-exports"]);
    // Inside its own feature, anything.
    expect(rulesOf(file, 'import { x } from "../domain/orders";')).toEqual([]);
  });

  test("a service takes plain arguments, not a Request; a web/ adapter and a route may read one", () => {
    const service = "app/features/accounts/server/remembered-locale.server.ts";
    expect(rulesOf(service, "export async function f(request: Request, id: string) {}")).toEqual(["services-no-request"]);
    expect(rulesOf(service, "type In = { body: string } | Request;\nconst x = new Map<Request, string>();")).toEqual([
      "services-no-request",
      "services-no-request",
    ]);
    // Plain arguments, a Response built, a RequestInit or a word in a comment are not a Request taken.
    expect(rulesOf(service, "// the Request's cookie\nexport function f(cookie: string | null, init: RequestInit) {}")).toEqual([]);
    expect(rulesOf("app/features/payments/web/webhook-body.server.ts", "export function read(request: Request) {}")).toEqual([]);
    expect(rulesOf("app/routes/store/cart.tsx", "export function loader({ request }: { request: Request }) {}")).toEqual([]);
    expect(rulesOf("app/features/orders/server/x.server.test.ts", "const r: Request = new Request(url);")).toEqual([]);
  });
});
