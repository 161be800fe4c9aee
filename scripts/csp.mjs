#!/usr/bin/env node
// Gives every HTML page of a build its Content-Security-Policy, as a <meta> tag.
//
// Trunk runs this as a post_build hook (Trunk.toml) on the staged build, before it
// becomes dist/: `trunk build`, `make build` and `trunk serve` all go through it. It can
// also be run by hand: `node scripts/csp.mjs [dir-or-file.html ...]` (default: the
// staging directory Trunk names in TRUNK_STAGING_DIR, else dist/).
//
// Inline scripts are allowed by their sha256 hash, computed here from the page as built,
// so the policy follows Trunk's loader script, whose text names the hashed file names of
// each build. Nothing needs 'unsafe-eval' or 'unsafe-inline' for scripts; WebAssembly
// needs 'wasm-unsafe-eval'. What each directive is for: docs/security.md.
//
// `trunk serve` injects a live-reload script whose text the server rewrites on every
// response (it writes the host into it), so no hash made here can match it: it is moved
// into a file of its own, trunk-autoreload.js, allowed by 'self'.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The policy of each page, by file name; `{scripts}` and `{styles}` are the hashes of
 * the page's inline <script> and <style> elements. */
const POLICIES = {
  // The playground. Yew sets `style` attributes (bar widths, the timeline's cursor and
  // marks), which only 'unsafe-inline' in style-src-attr allows; <style> elements and
  // stylesheets stay limited to the site's own files (style-src-elem). style-src is the
  // fallback of browsers that know neither of those two directives.
  "index.html": [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' {scripts}",
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ],
  // The example host page: its own script and style, and the playground beside it in an
  // iframe. It sizes the iframe through the CSSOM, which style-src does not restrict.
  "embed-example.html": [
    "default-src 'self'",
    "script-src {scripts}",
    "style-src {styles}",
    "img-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ],
  // Poster-first embeds (scripts/embeds-example.sh): no script at all, and a `srcdoc` page
  // inherits this policy, so the posters are drawn with SVG presentation attributes and
  // their Play button is a plain link; the playground it opens is framed from 'self'.
  "embeds-example.html": [
    "default-src 'none'",
    "script-src 'none'",
    "style-src {styles}",
    "img-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ],
};

const AUTORELOAD_FILE = "trunk-autoreload.js";

/** The hash a browser computes of an inline element's text (after the HTML parser
 * turned CR LF and lone CR into LF). */
const sha256 = (text) => `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`;

/** `<tag attrs>text</tag>` elements; script and style are raw text, so the first
 * closing tag ends them. */
const elements = (html, tag) =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}\\s*>`, "gi"))].map((m) => ({
    whole: m[0],
    attrs: m[1],
    text: m[2],
    index: m.index,
  }));

const hasSrc = (attrs) => /(^|\s)src\s*=/i.test(attrs);

/** Moves Trunk's live-reload script (only present under `trunk serve`) into its own
 * file, with the placeholders the server would have filled in resolved in the browser. */
function externalizeAutoreload(html, dir) {
  const reload = elements(html, "script").find((s) => !hasSrc(s.attrs) && s.text.includes("{{__TRUNK_ADDRESS__}}"));
  if (!reload) return html;
  const publicUrl = process.env.TRUNK_PUBLIC_URL ?? "/";
  const base = publicUrl.startsWith("/") ? (publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`) : "/";
  const code = reload.text
    .replace(/'\{\{__TRUNK_ADDRESS__\}\}'|`\{\{__TRUNK_ADDRESS__\}\}`/g, "window.location.host")
    .replaceAll("{{__TRUNK_WS_BASE__}}", base);
  writeFileSync(join(dir, AUTORELOAD_FILE), code);
  return html.replace(reload.whole, `<script src="${base}${AUTORELOAD_FILE}"></script>`);
}

export function applyPolicy(html, name, dir = ".") {
  const directives = POLICIES[name];
  if (!directives) return null;
  html = externalizeAutoreload(html, dir);
  // A policy written by an earlier run is replaced, not doubled.
  html = html.replace(/[ \t]*<meta http-equiv="Content-Security-Policy"[^>]*>\n?/gi, "");
  const scripts = elements(html, "script").filter((s) => !hasSrc(s.attrs)).map((s) => sha256(s.text));
  const styles = elements(html, "style").map((s) => sha256(s.text));
  const policy = directives
    .map((d) => d.replace("{scripts}", [...new Set(scripts)].join(" ")).replace("{styles}", [...new Set(styles)].join(" ")))
    .map((d) => d.replace(/\s+/g, " ").trim())
    .map((d) => (d.includes(" ") ? d : `${d} 'none'`)) // no hash and no other source
    .join("; ");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  // A meta policy covers only what follows it: it goes first in <head>, after the charset.
  const charset = html.match(/<meta\s+charset[^>]*>/i);
  const head = html.match(/<head\b[^>]*>/i);
  const anchor = charset ?? head;
  if (!anchor) throw new Error(`${name}: no <head> to put the Content-Security-Policy in`);
  const at = anchor.index + anchor[0].length;
  const before = html.slice(0, at);
  if (/<(script|style|link)\b/i.test(before)) throw new Error(`${name}: a script or style precedes the charset`);
  const indent = html.slice(0, anchor.index).match(/[ \t]*$/)[0];
  return `${before}\n${indent}${meta}${html.slice(at)}`;
}

function htmlFiles(target) {
  if (statSync(target).isFile()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith(".html"))
    .map((f) => join(target, f));
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const targets = process.argv.slice(2);
  if (targets.length === 0) targets.push(process.env.TRUNK_STAGING_DIR ?? "dist");
  for (const file of targets.flatMap(htmlFiles)) {
    const out = applyPolicy(readFileSync(file, "utf8"), basename(file), dirname(file));
    if (out === null) {
      console.error(`csp.mjs: ${file} has no policy in scripts/csp.mjs; add one`);
      process.exit(1);
    }
    writeFileSync(file, out);
    console.log(`csp.mjs: ${file}: Content-Security-Policy set`);
  }
}
