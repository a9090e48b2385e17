import { getDb } from "~/db/db.server";
import type { ProductStatus } from "~/db/schema";
import type { CategoryKey } from "~/domain/categories";
import { newId } from "~/lib/ids";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export type ProductOverrides = Partial<{
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  pricePaise: number;
  stock: number;
  rating: number;
  reviews: number;
  status: ProductStatus;
  vendorId: string | null;
  createdAt: string;
}>;

/** A product with unique values; override what the test is about. */
export async function createProduct(overrides: ProductOverrides = {}) {
  const now = overrides.createdAt ?? new Date().toISOString();
  const product = {
    id: overrides.id ?? newId(),
    name: overrides.name ?? `Test Product ${unique()}`,
    description: overrides.description ?? "A dependable product for the farm.",
    category: overrides.category ?? "tools",
    price_paise: overrides.pricePaise ?? 99_900,
    stock: overrides.stock ?? 10,
    rating: overrides.rating ?? 4.2,
    reviews: overrides.reviews ?? 12,
    image: "/images/products/test.svg",
    vendor_id: overrides.vendorId ?? null,
    status: overrides.status ?? "live",
    reject_reason: null,
    created_at: now,
    updated_at: now,
  } as const;
  await getDb().insertInto("product").values(product).execute();
  return { id: product.id, name: product.name, pricePaise: product.price_paise, stock: product.stock };
}

/** A customer row as Better Auth would store it (no password: for service tests). */
export async function createCustomer(overrides: Partial<{ name: string; email: string; role: string }> = {}) {
  const id = newId(24);
  const now = new Date().toISOString();
  const user = {
    id,
    name: overrides.name ?? `Customer ${unique()}`,
    email: overrides.email ?? `customer-${unique()}@example.in`,
    emailVerified: 0,
    image: null,
    createdAt: now,
    updatedAt: now,
    role: overrides.role ?? "user",
    banned: 0,
    banReason: null,
    banExpires: null,
    phone: "+91 98765 43210",
    street: "1 Test Street",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  };
  await getDb().insertInto("user").values(user).execute();
  return { id, name: user.name, email: user.email };
}

export function checkoutInput(items: { productId: string; quantity: number }[], overrides: Record<string, unknown> = {}) {
  return {
    checkoutKey: `key-${unique()}-${newId(8)}`,
    paymentMethod: "cod" as const,
    phone: "+91 98765 43210",
    street: "1 Test Street",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    items,
    ...overrides,
  };
}
