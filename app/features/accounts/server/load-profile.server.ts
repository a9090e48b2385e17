import { getDb } from "~/platform/db/db.server";

/** The non-secret profile the browser may mirror (spec §3: angle-user). */
export async function loadProfile(userId: string) {
  const u = await getDb()
    .selectFrom("user")
    .select(["id", "name", "email", "role", "phone", "street", "city", "state", "pincode"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!u) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    type: u.role ?? "user",
    phone: u.phone ?? "",
    address: { street: u.street ?? "", city: u.city ?? "", state: u.state ?? "", pincode: u.pincode ?? "" },
  };
}
