import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite, precompress, sharedStoreChunk } from "./tools/vite-plugins.ts";

/** React, React DOM, React Router and its browser entry: one long-cached file instead of five. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.[jt]sx?$/;
/** What the catalogue pages share goes in one file; other pages' code keeps Rolldown's own splitting. */
const store = sharedStoreChunk(["app/root.tsx", "app/routes/store/layout.tsx", "app/routes/store/home.tsx", "app/routes/store/products.tsx", "app/routes/store/product.tsx"]);
/** …and what the cart shares with checkout and orders (quotes, order summary) in another. */
const cart = sharedStoreChunk(["app/routes/store/cart.tsx"]);

export default defineConfig({
  plugins: [iconSprite(), tailwindcss(), reactRouter(), store.plugin, cart.plugin, precompress()],
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
                { name: "store", test: store.test, minShareCount: 2, priority: 10 },
                { name: "cart", test: cart.test, minShareCount: 2, priority: 5 },
              ],
            },
          },
        },
      },
    },
  },
});
