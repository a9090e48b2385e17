import { execFileSync } from "node:child_process";

/**
 * The compiled messages (app/paraglide), fresh for every run, once for all projects. In a process of
 * its own: the compiler leaves handles open that would keep Vitest from exiting. `npm test` compiles
 * them once before it starts two runs side by side, which must not both write them.
 */
export default function compileMessages() {
  if (process.env.ANGLE_MESSAGES_COMPILED === "1") return;
  execFileSync("npm", ["run", "--silent", "i18n"], { stdio: "inherit" });
  process.env.ANGLE_MESSAGES_COMPILED = "1";
}
