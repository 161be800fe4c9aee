#!/usr/bin/env node
// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every file a
// browser downloads from a build (wasm, js, css, html, svg), so a static host serves
// them precompressed instead of compressing on each request (hosting settings:
// docs/building.md#hosting).
//
// Trunk runs it as the last post_build hook (Trunk.toml), after scripts/csp.mjs has
// written the pages' policies; by hand: `node scripts/precompress.mjs [dir]` (default:
// Trunk's TRUNK_STAGING_DIR, else dist/).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? "dist";
const compressible = /\.(wasm|js|css|html|svg|webmanifest)$/;

for (const name of readdirSync(dir)) {
  if (!compressible.test(name)) continue;
  const path = join(dir, name);
  const bytes = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: name.endsWith(".wasm") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
  );
}
