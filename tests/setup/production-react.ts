import { createRequire } from "node:module";

/*
 * The `integration-build` project's files serve the production build in their own process, as
 * `npm start` serves it: with React's production build, not the development one (its checks took
 * about a fifth of the fuzzing's CPU time, 42 s against 34 s for fuzz-queries.test.ts, and they are
 * not what a store runs). React picks its build by NODE_ENV when first loaded, and the test's own
 * modules load it (server/app.ts imports React Router) while NODE_ENV is "test": so it is loaded
 * here first, before any of the file's modules, as production. (React Router's build is picked by
 * the export conditions Vitest gives its workers.)
 */
const require = createRequire(import.meta.url);
const nodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  for (const id of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(id);
} finally {
  process.env.NODE_ENV = nodeEnv;
}
