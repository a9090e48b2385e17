import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { routeLocale } from "./server/locale-routing.ts";
import { esmJsxRuntime, iconSprite, precompress, reachableFrom, smallPreloadHelper, terserFirst } from "./tools/vite-plugins.ts";

/** React, React DOM, React Router and its browser entry. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.[jt]sx?$/;
/**
 * Shared code in three files. "framework": the framework with what every storefront page needs
 * besides (what the root and the store layout import: header, cart badge, toasts; and what both
 * the catalogue and the cart use): one file, not two, as each file costs its headers and its own
 * import and export lists (~0.9 KB a page, docs/decisions/007-first-load-budget.md); a change to
 * that code makes a returning visitor download React again. "catalog" for what the catalogue pages
 * share (product card, rating…), "cart" for what the cart shares with checkout and orders (quotes,
 * order summary). Everything else keeps Rolldown's own splitting.
 */
/**
 * The Add to cart button goes with the shared code: the product page needs it but none of
 * the product cards it sits with in "catalog" (~1 KB the product page would load for nothing).
 */
const ADD_TO_CART = /[\\/]app[\\/]features[\\/]cart[\\/]ui[\\/]add-to-cart-button\.tsx$/;
/**
 * The empty cart's bag icon, in the shared code too (a few bytes on every page): the admin pages
 * share it, and alone it would be one more request on /cart.
 */
const BAG_ICON = /^\0angle-icon:shopping-bag$/;
/** Shared by checkout and the admin's payment settings; kept with the cart code, where it was. */
const USE_HYDRATED = /[\\/]app[\\/]ui[\\/]use-hydrated\.ts$/;
const layout = reachableFrom(["app/root.tsx", "app/routes/store/layout.tsx"]);
const catalog = reachableFrom(["app/routes/store/home.tsx", "app/routes/store/products.tsx", "app/routes/store/product.tsx"]);
// The cart page's own script is the empty cart; its lines load when it has some
// (app/features/cart/ui/cart-contents.tsx), with what they share with checkout.
const cart = reachableFrom(["app/features/cart/ui/cart-contents.tsx"]);
// The rest of what checkout shares with the account pages and the Login/Register dialog (fields, State
// choice, checkout key): one file on checkout, not a dozen of a few hundred bytes each.
const checkout = reachableFrom(["app/routes/store/checkout.tsx"]);

/** The messages (messages/<area>/<locale>.json), compiled to typed functions in app/paraglide. */
const paraglide = () =>
  paraglideVitePlugin({ project: "./project.inlang", outdir: "./app/paraglide", emitTsDeclarations: true, strategy: ["baseLocale"] });

/**
 * `npm run dev`: /hi pages as the production server serves them (server/app.ts): the prefix taken off,
 * the language handed on, a Hindi-preferring first visit sent to the Hindi page.
 */
function hindiPaths(): Plugin {
  return {
    name: "angle-hindi-paths",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? "/";
        if (url.startsWith("/@") || url.startsWith("/node_modules/") || url.startsWith("/app/")) return next();
        const header = (name: string) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value.join(",") : value;
        };
        const routing = routeLocale({
          method: req.method ?? "GET",
          path: url,
          cookie: header("cookie"),
          acceptLanguage: header("accept-language"),
          secFetchMode: header("sec-fetch-mode"),
          accept: header("accept"),
        });
        if ("redirect" in routing) {
          res.writeHead(302, { Location: routing.redirect, Vary: "Cookie, Accept-Language" });
          res.end();
          return;
        }
        req.url = routing.path;
        req.headers["x-angle-locale"] = routing.locale;
        next();
      });
    },
  };
}
export default defineConfig({
  plugins: [
    // npm test compiles the messages once, first (ANGLE_MESSAGES_COMPILED=1): the build then leaves them
    // alone, as the integration tests running beside it read them.
    ...(process.env.ANGLE_MESSAGES_COMPILED === "1" ? [] : [paraglide()]),
    hindiPaths(),
    smallPreloadHelper(),
    esmJsxRuntime(),
    iconSprite(),
    tailwindcss(),
    reactRouter(),
    layout.plugin,
    catalog.plugin,
    cart.plugin,
    checkout.plugin,
    terserFirst(),
    precompress(),
  ],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  ssr: {
    // Resolved by iconSprite on the server too, so both sides draw icons alike.
    noExternal: ["lucide-react"],
    // Loaded from node_modules at run time, never bundled: pdfkit and fontkit find their own data
    // files beside their modules, and the invoice fonts are read from the font package's folder.
    external: ["pdfkit", "@expo-google-fonts/noto-sans-devanagari"],
  },
  environments: {
    client: {
      build: {
        sourcemap: process.env.SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: (id: string) =>
                    FRAMEWORK.test(id) || layout.has(id) || (catalog.has(id) && cart.has(id)) || ADD_TO_CART.test(id) || BAG_ICON.test(id),
                  priority: 20,
                },
                { name: "catalog", test: catalog.has, minShareCount: 2, priority: 8 },
                { name: "cart", test: (id: string) => cart.has(id) || USE_HYDRATED.test(id), minShareCount: 2, priority: 5 },
                { name: "forms", test: checkout.has, minShareCount: 2, priority: 4 },
              ],
            },
          },
        },
      },
    },
  },
});
