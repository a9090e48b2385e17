import { resolve } from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeServiceWorker } from "./tools/service-worker.ts";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets several builds live side by side (tests, benchmarks, a running server).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The service worker and the offline pages, made from the finished client build (docs/decisions/029-offline.md).
  async buildEnd({ reactRouterConfig }) {
    await writeServiceWorker(resolve(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
