import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite, precompress, reachableFrom } from "./tools/vite-plugins.ts";

/** React, React DOM, React Router and its browser entry: one long-cached file instead of five. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.[jt]sx?$/;
/**
 * Shared storefront code in three files: "store" for what every storefront page needs (header,
 * footer, cart badge, and what both the catalogue and the cart use), "catalog" for what the
 * catalogue pages share (product card, rating…), "cart" for what the cart shares with checkout and
 * orders (quotes, order summary). Everything else keeps Rolldown's own splitting.
 */
const layout = reachableFrom(["app/root.tsx", "app/routes/store/layout.tsx"]);
const catalog = reachableFrom(["app/routes/store/home.tsx", "app/routes/store/products.tsx", "app/routes/store/product.tsx"]);
const cart = reachableFrom(["app/routes/store/cart.tsx"]);

export default defineConfig({
  plugins: [iconSprite(), tailwindcss(), reactRouter(), layout.plugin, catalog.plugin, cart.plugin, precompress()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  // Resolved by iconSprite on the server too, so both sides draw icons alike.
  ssr: { noExternal: ["lucide-react"] },
  environments: {
    client: {
      build: {
        sourcemap: process.env.SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 20 },
                {
                  name: "store",
                  test: (id: string) => layout.has(id) || (catalog.has(id) && cart.has(id)),
                  minShareCount: 2,
                  priority: 10,
                },
                { name: "catalog", test: catalog.has, minShareCount: 2, priority: 8 },
                { name: "cart", test: cart.has, minShareCount: 2, priority: 5 },
              ],
            },
          },
        },
      },
    },
  },
});
