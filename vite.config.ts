import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { leanLucide, precompress, sharedStoreChunk } from "./tools/vite-plugins.ts";

/** React, React DOM and React Router: one long-cached file instead of three. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** What the catalogue pages share goes in one file; other pages' code keeps Rolldown's own splitting. */
const store = sharedStoreChunk(["app/root.tsx", "app/routes/store/layout.tsx", "app/routes/store/home.tsx", "app/routes/store/products.tsx", "app/routes/store/product.tsx"]);

export default defineConfig({
  plugins: [leanLucide(), tailwindcss(), reactRouter(), store.plugin, precompress()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  // Bundled on the server too, so both sides draw icons with the same (lean) code.
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
              ],
            },
          },
        },
      },
    },
  },
});
