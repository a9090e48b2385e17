import { spawn, type StdioOptions } from "node:child_process";
import { resolve } from "node:path";

/**
 * `npm start`'s server (server/index.ts) as a process of its own, on the production build
 * (`npm run build` first), in production, with the outbox worker off so that queued links stay
 * readable in the outbox for the test to open (a sent one's text is removed). `env` goes on top of
 * this process's environment (the test file's database among it).
 */
export function spawnBuiltServer(env: Record<string, string>, stdio: StdioOptions = ["ignore", "ignore", "inherit"]) {
  return spawn(process.execPath, ["server/index.ts"], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build", NODE_ENV: "production", OUTBOX_WORKER: "off", ...env },
    stdio,
  });
}
