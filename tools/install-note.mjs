import { pathToFileURL } from "node:url";

// Runs as npm's preinstall, on whatever Node runs npm (plain JavaScript: no TypeScript before install).
// The project brings Node 24 (the `node` package in dependencies); a newcomer whose own Node is older
// gets one plain sentence instead of a wall of engine warnings (.npmrc keeps npm's warnings out).

/** The sentence for the Node that runs npm (from npm's user agent, "npm/11.1.0 node/v20.20.2 …"), or null when it is new enough. */
export function installNote(userAgent, wanted = 24) {
  const version = /\bnode\/v?(\d+)\.\d+\.\d+/.exec(userAgent ?? "")?.[0]?.replace("node/", "");
  const major = Number(/^v?(\d+)/.exec(version ?? "")?.[1]);
  if (!version || !Number.isFinite(major) || major >= wanted) return null;
  return `Angle: your computer's Node is ${version.startsWith("v") ? version : `v${version}`}; the project installs its own Node ${wanted}, which \`npm run …\` and \`npx …\` use, so nothing else needs installing.`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const note = installNote(process.env.npm_config_user_agent);
  if (note) console.log(note);
}
