import { createServer, type AddressInfo } from "node:net";

/**
 * A TCP port free on this machine now, as the system hands one out: tests that start servers of
 * their own use it, so two test runs side by side (SQLite and PostgreSQL) never pick the same one.
 */
export function freePort() {
  return new Promise<number>((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}
