import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const LUCIDE_LITE = fileURLToPath(new URL("../app/components/ui/lucide-lite.ts", import.meta.url));

/** lucide-react's icons, drawn by our small `createLucideIcon` (app/components/ui/lucide-lite.ts). */
export function leanLucide(): Plugin {
  return {
    name: "angle:lean-lucide",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && /[\\/]lucide-react[\\/]/.test(importer)) return LUCIDE_LITE;
      return null;
    },
  };
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes .br (best brotli) and .gz (best gzip) copies of every compressible client file once, at
 * build time, for the server to send as they are (server/app.ts, serveStatic `precompressed`).
 */
export function precompress(): Plugin {
  return {
    name: "angle:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle: {
      sequential: true,
      order: "post",
      handler(options) {
        if (!options.dir) return;
        for (const path of files(options.dir)) {
          if (!COMPRESSIBLE.test(path)) continue;
          const content = readFileSync(path);
          if (content.length < 1024) continue;
          writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * One chunk for the storefront code that the catalogue pages share (icons, cart, money, product
 * card…), instead of a dozen tiny files each costing a request: the modules statically reachable
 * from `entries` (and used by at least two chunks). Everything else keeps Rolldown's own splitting.
 * Returns the plugin (which learns the module graph when the build has read it) and the group test.
 */
export function sharedStoreChunk(entries: string[]) {
  const reachable = new Set<string>();
  const entryIds = entries.map((e) => fileURLToPath(new URL(`../${e}`, import.meta.url)));
  const plugin: Plugin = {
    name: "angle:shared-store-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const queue = [...entryIds];
      while (queue.length) {
        const info = this.getModuleInfo(queue.pop()!);
        for (const id of info?.importedIds ?? []) {
          if (reachable.has(id) || /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) continue;
          reachable.add(id);
          queue.push(id);
        }
      }
      for (const id of entryIds) reachable.delete(id);
    },
  };
  return { plugin, test: (id: string) => reachable.has(id) };
}
