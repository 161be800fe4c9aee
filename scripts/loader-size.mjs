#!/usr/bin/env node
// Trunk's loader script tells the initializer (www/first-screen.js) the size of the wasm
// it measured before wasm-opt; the first screen's progress needs the size of the file a
// browser downloads. Rewrites that number in each page of a build.
//
// A post_build hook (Trunk.toml), before scripts/csp.mjs hashes the loader script; by
// hand: `node scripts/loader-size.mjs [dir]` (default: TRUNK_STAGING_DIR, else dist/).
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? "dist";
const call = /(__trunkInitializer\(init, '[^']*?([^/']+\.wasm)', )(\d+)/;

for (const name of readdirSync(dir).filter((name) => name.endsWith(".html"))) {
  const path = join(dir, name);
  const page = readFileSync(path, "utf8");
  const found = call.exec(page);
  if (!found) continue;
  const size = statSync(join(dir, found[2])).size;
  writeFileSync(path, page.replace(call, `$1${size}`));
}
