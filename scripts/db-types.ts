// npm run db:types [-- --check]
// Writes app/platform/db/generated-types.ts: every table and column as the migrations leave them,
// read by kysely-codegen from a PostgreSQL database made for the purpose (on TEST_DATABASE_URL's
// server, default the local one) and dropped afterwards. app/platform/db/schema.ts narrows a few
// columns of it to the app's own types (docs/decisions/034-generated-database-types.md).
// --check writes nothing: it fails when the checked-in file differs from a fresh run, so the types
// cannot drift from the migrations (`npm test` runs it).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const TARGET = "app/platform/db/generated-types.ts";

/**
 * The types are PostgreSQL's, mapped to what the code reads on either engine:
 * - int8 and numeric: numbers, as db.server.ts's type parsers give them (paise and counts stay well inside 2^53);
 * - timestamptz (Better Auth's times): a Date from pg's parser on PostgreSQL, ISO text on SQLite;
 * - bool (Better Auth's flags and ours): true/false on PostgreSQL, 0/1 on SQLite, which has no booleans.
 */
const TYPE_MAPPING = { int8: "number", timestamptz: "Date | string", bool: "boolean | number" };

const HEADER = `/*
 * The store's tables as its migrations leave them on PostgreSQL. Written by \`npm run db:types\`
 * (scripts/db-types.ts); \`npm run db:types -- --check\` fails when it no longer matches the migrations.
 * SQLite runs the same migrations; where the engines read a value differently (booleans, Better
 * Auth's times) the type admits both. Import the tables from ./schema, which narrows some columns
 * to the app's own types (order statuses, category keys and the like).
 */
`;

const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `angle_types_${process.pid}_${Date.now().toString(36)}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

let generated: string;
await adminQuery(`create database ${name}`);
const dir = mkdtempSync(join(tmpdir(), "angle-db-types-"));
try {
  // The store's own migration script, in a process of its own, exactly as a deployment runs it.
  execFileSync("npx", ["tsx", "scripts/db-migrate.ts"], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // kysely-codegen's options (its config file's keys), written beside its output.
  const config = {
    dialect: "postgres",
    url: url.toString(),
    outFile: "raw.ts",
    excludePattern: "kysely_migration*",
    numericParser: "number",
    typeMapping: TYPE_MAPPING,
    logLevel: "error",
  };
  writeFileSync(join(dir, "kysely-codegen.json"), JSON.stringify(config));
  execFileSync("npx", ["kysely-codegen", `--config-file=${join(dir, "kysely-codegen.json")}`], { stdio: ["ignore", "ignore", "inherit"] });
  // Formatted as Biome would format the checked-in file, so `biome format .` and --check agree.
  generated = execFileSync("npx", ["biome", "format", `--stdin-file-path=${TARGET}`], {
    input: HEADER + readFileSync(join(dir, "raw.ts"), "utf8"),
    encoding: "utf8",
    stdio: ["pipe", "pipe", "inherit"],
  });
} finally {
  await adminQuery(`drop database if exists ${name} with (force)`);
  rmSync(dir, { recursive: true, force: true });
}

if (!values.check) {
  writeFileSync(TARGET, generated);
  console.log(`Wrote ${TARGET}.`);
} else {
  const current = existsSync(TARGET) ? readFileSync(TARGET, "utf8") : "";
  if (current !== generated) {
    const want = generated.split("\n");
    const have = current.split("\n");
    let line = 0;
    while (want[line] === have[line]) line++;
    console.error(`${TARGET} does not match the migrations: run \`npm run db:types\` and commit the result.`);
    console.error(`First difference at line ${line + 1}:`);
    console.error(`  checked in: ${have[line] ?? "(end of file)"}`);
    console.error(`  migrations: ${want[line] ?? "(end of file)"}`);
    process.exit(1);
  }
  console.log(`${TARGET} matches the migrations.`);
}

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.query(query);
  } catch (error) {
    throw new Error(`PostgreSQL at ${adminUrl} refused "${query}": ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
