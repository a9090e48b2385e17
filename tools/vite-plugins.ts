import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const APP_DIR = fileURLToPath(new URL("../app/", import.meta.url));
const SPRITE_ICON = fileURLToPath(new URL("../app/ui/sprite-icon.ts", import.meta.url));
const ICON_IMPORT = /^lucide-react\/icons\/([a-z0-9-]+)$/;
const VIRTUAL_ICON = "\0angle-icon:";

type Sprite = { url: string; source: string; names: Set<string> };

/** Every lucide icon the app imports, as <symbol>s of one SVG file named by its content's hash. */
async function buildSprite(): Promise<Sprite> {
  const names = new Set<string>();
  for (const path of files(APP_DIR)) {
    if (!/\.tsx?$/.test(path)) continue;
    for (const [, name] of readFileSync(path, "utf8").matchAll(/from "lucide-react\/icons\/([a-z0-9-]+)"/g)) if (name) names.add(name);
  }
  const symbols: string[] = [];
  for (const name of [...names].sort()) {
    const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: [string, Record<string, string>][] } };
    const shapes = __iconData.node.map(([tag, attrs]) => {
      const attributes = Object.entries(attrs)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => `${key}="${value}"`);
      return `<${tag} ${attributes.join(" ")}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`);
  }
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
  const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
  return { url: `/assets/icons-${hash}.svg`, source, names };
}

/**
 * lucide-react's icons (ISC licence), imported one by one as `lucide-react/icons/<name>`, become
 * tiny components that <use> a symbol of one SVG sprite emitted with the client build: the
 * drawings cost no JavaScript and are downloaded once. Server and client resolve them alike.
 */
export function iconSprite(): Plugin {
  let sprite: Promise<Sprite> | undefined;
  const getSprite = () => (sprite ??= buildSprite());
  return {
    name: "angle:icon-sprite",
    enforce: "pre",
    resolveId(source) {
      const m = ICON_IMPORT.exec(source);
      return m ? VIRTUAL_ICON + m[1] : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL_ICON)) return null;
      const name = id.slice(VIRTUAL_ICON.length);
      const { url, names } = await getSprite();
      if (!names.has(name)) this.error(`icon "${name}" is not in the sprite: import it as lucide-react/icons/${name} in app/`);
      return `import { spriteIcon } from ${JSON.stringify(SPRITE_ICON)};\nexport default spriteIcon(${JSON.stringify(`${url}#${name}`)});\n`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const { url, source } = await getSprite();
      this.emitFile({ type: "asset", fileName: url.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        void getSprite().then(({ url, source }) => {
          if (req.url !== url) return next();
          res.setHeader("Content-Type", "image/svg+xml");
          res.end(source);
        }, next);
      });
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
          // Small files too (a route's script of 1 KB is 0.5 KB in brotli); only a copy that saves
          // nothing is left out, and the file is then sent as it is.
          const br = brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          if (br.length < content.length) writeFileSync(`${path}.br`, br);
          const gz = gzipSync(content, { level: 9 });
          if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
        }
      },
    },
  };
}

/**
 * The modules statically reachable from `entries` (app-relative paths), learnt from the module
 * graph once the client build has read it (the entries themselves left out; framework modules are
 * reached too, but vite.config.ts's framework group takes them first):
 * vite.config.ts uses these sets to put what storefront pages share into a few chunks instead of a
 * dozen tiny files each costing a request. Returns the plugin and the membership test.
 */
export function reachableFrom(entries: string[]) {
  const reachable = new Set<string>();
  const entryIds = entries.map((e) => fileURLToPath(new URL(`../${e}`, import.meta.url)));
  const plugin: Plugin = {
    name: "angle:reachable-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const queue = [...entryIds];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        const info = this.getModuleInfo(next);
        for (const id of info?.importedIds ?? []) {
          if (reachable.has(id)) continue;
          reachable.add(id);
          queue.push(id);
        }
      }
      for (const id of entryIds) reachable.delete(id);
    },
  };
  return { plugin, has: (id: string) => reachable.has(id) };
}

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps each dynamic import() in a helper that first adds <link rel="modulepreload"> for the
 * chunks the imported one needs, so they download in parallel, not one after another. Its own
 * helper (~0.8 KB compressed, on every page) also handles CSS chunks, CSP nonces read from a
 * <meta> and a `vite:preloadError` event, none of which this app has (the stylesheet is one file,
 * inlined; scripts are allowed by 'self'; nothing listens): this one only preloads, once each, then
 * imports — a failed import still rejects as before.
 */
export function smallPreloadHelper(): Plugin {
  let base = "/";
  return {
    name: "angle:preload-helper",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== PRELOAD_HELPER) return null;
      return `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = ${JSON.stringify(base)} + dep;
    document.head.append(link);
  }
  return load();
};
`;
    },
  };
}

const JSX_RUNTIME = "\0angle-jsx-runtime";

/**
 * React's JSX runtime is a CommonJS module: each of our modules that imports it calls
 * `(0,x.jsx)(…)` through Rolldown's interop object, ~200 times on a storefront page. Re-exported
 * here as plain ES bindings, the calls are `x(…)`: ~0.2 KB less first-load JavaScript a page.
 * Our own modules only (React's own stay as they are); the client build only.
 */
export function esmJsxRuntime(): Plugin {
  return {
    name: "angle:esm-jsx-runtime",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source !== "react/jsx-runtime" || !importer?.startsWith(APP_DIR)) return null;
      return JSX_RUNTIME;
    },
    load(id) {
      if (id !== JSX_RUNTIME) return null;
      return `import runtime from "react/jsx-runtime";
export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
export const Fragment = runtime.Fragment;
`;
    },
  };
}

/**
 * Terser's compressor over the client chunks holding libraries, before Rolldown's own minifier:
 * together they take ~0.5 KB (compressed) more out of React DOM and React Router than Oxc's
 * minifier alone, on every page (docs/decisions/007-first-load-budget.md). Our own small chunks
 * came out a few bytes larger, so they are left to Oxc. Safe options only (two passes, nothing
 * "unsafe").
 */
export function terserFirst(): Plugin {
  let sourcemap = false;
  return {
    name: "angle:terser-first",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      sourcemap = !!config.build.sourcemap;
    },
    async renderChunk(code, chunk) {
      if (!chunk.moduleIds.some((id) => id.includes("/node_modules/"))) return null;
      const { minify } = await import("terser");
      const result = await minify(code, {
        module: true,
        ecma: 2020,
        compress: { passes: 2 },
        mangle: true,
        format: { comments: false },
        sourceMap: sourcemap ? { filename: chunk.fileName } : false,
      });
      if (result.code === undefined) return null;
      return { code: result.code, map: typeof result.map === "string" ? result.map : null };
    },
  };
}
