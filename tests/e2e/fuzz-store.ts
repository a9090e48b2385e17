import { linkIn, waitForMail } from "./mail-helpers";
import { startPrivateStore } from "./private-store";
import { FUZZ_STORE_ENV, type FuzzStore, openStoreReader } from "../fuzz/store-reader";

/**
 * A private store (private-store.ts: the production build on a fresh database, on a free port)
 * whose database the test also reads, read-only, to check that hostile input left nothing
 * half-written. A store of its own also means a fuzzed form or a batch of failed sign-ins
 * disturbs no other spec.
 */
export async function startFuzzStore(): Promise<FuzzStore> {
  const store = await startPrivateStore("fuzz", FUZZ_STORE_ENV);
  const reader = await openStoreReader(store.database);
  return {
    url: store.url,
    query: reader.query,
    // The email the store's outbox worker wrote to its mail folder.
    confirmationToken: async (email) =>
      new URL(linkIn(await waitForMail(store.url, email, "verify-email"), "/verify-email")).searchParams.get("token") ?? "",
    async stop() {
      await reader.close();
      await store.stop();
    },
  };
}
