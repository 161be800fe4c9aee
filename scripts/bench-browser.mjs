#!/usr/bin/env node
// Opening a big share link in the browser (issue 20): what a reader waits for, and
// whether the page answers while the engine plays the steps beside the view.
//
//   node scripts/bench-browser.mjs [dist-dir=dist] [nodes...=1000 5000]
//
// Serves a release build (`trunk build --release`) with a small static server of its own
// on a free port, and opens in headless Chromium (1280×720, /usr/bin/chromium or
// $CHROMIUM) the share link `/#v1=...` of a pool of N nodes with the steps `settle`,
// `kubectl set image ds/agent agent=busybox:1.37`, `advance 10h`, and one DaemonSet with
// RollingUpdate maxUnavailable 1. Every run is a fresh browser context (empty storage,
// service workers blocked), so each one downloads and compiles the wasm again; per size
// $BENCH_RUNS (default 3) runs, and the table gives the median of each column. Times are
// from navigation start, in the page's own clock.
//
// - first frame: the first `.dense-node[data-node]` or `.node-card` is visible.
// - complete: the progress line (`.sim-progress`) is gone: every step was played.
// - longest task / tasks > 50 ms: Long Tasks API entries (a PerformanceObserver
//   installed by page.addInitScript before the page's own scripts), until 0.5 s after
//   complete; "after the first frame" leaves out starting the app and loading the scenario.
// - click: while the progress line shows, "Step forward" is clicked in the page; the
//   figure runs from the click being handled to the counter's `data-frame` changing.
//   A real click also waits for the slice under way, at most about 12 ms
//   (crates/web/src/hooks/simulation.rs).
// - wasm memory: the byte length of the wasm module's `WebAssembly.Memory` (its exports
//   come with Trunk's `TrunkApplicationStarted` event) at the end: linear memory only
//   grows, so this is the most the wasm heap held at once.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const repo = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const dist = resolve(args[0] !== undefined && !/^\d+$/.test(args[0]) ? args.shift() : join(repo, "dist"));
const sizes = args.length > 0 ? args.map(Number) : [1000, 5000];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const TIMEOUT_MS = 300_000;

const scenario = (nodes) => `apiVersion: dsplay/v1
kind: Scenario
metadata:
  name: bench-browser-${nodes}
spec:
  nodePools:
  - name: node
    count: ${nodes}
  steps:
  - settle
  - kubectl set image ds/agent agent=busybox:1.37
  - advance 10h
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: default
spec:
  selector:
    matchLabels: {app: agent}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 1}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: busybox:1.36
`;
// As the playground writes links (tests/e2e/fixtures.mjs): raw deflate, base64url.
const link = (text) => `v1=${deflateRawSync(Buffer.from(text, "utf8"), { level: 9 }).toString("base64url")}`;

// The static server: dist/ as built, no caching (tests/e2e/serve-dist.mjs).
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
};
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  const file = normalize(join(dist, path.endsWith("/") ? `${path}index.html` : path));
  if (file !== dist && !file.startsWith(dist + sep)) return void res.writeHead(403).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(body);
  } catch {
    res.writeHead(404).end("not found");
  }
});
await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
const base = `http://127.0.0.1:${server.address().port}/`;

// In the page before its own scripts: long tasks, and the wasm module's memory.
const recorder = () => {
  const b = (window.__bench = { long: [], wasm: null, clicked: null, answered: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  addEventListener("TrunkApplicationStarted", (e) => (b.wasm = e.detail?.wasm ?? null));
};

const median = (values) => {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  // The flags of tests/e2e/playwright.config.mjs.
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

/** One opening of the link. */
async function run(fragment) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.addInitScript(recorder);
  await page.goto(base + "#" + fragment, { waitUntil: "commit" });
  await page.locator(".dense-node[data-node], .node-card").first().waitFor({ timeout: TIMEOUT_MS });
  const firstFrame = await page.evaluate(() => performance.now());
  let click = null;
  if (await page.locator(".sim-progress").count()) {
    // Once the button can step (more frames made than the one shown).
    await page.waitForFunction(() => document.querySelector('.transport button[aria-label="Step forward"]')?.getAttribute("aria-disabled") === "false", null, { timeout: TIMEOUT_MS, polling: 10 });
    await page.evaluate(() => {
      const b = window.__bench;
      const counter = document.querySelector(".frame-counter");
      const before = counter.getAttribute("data-frame");
      new MutationObserver((_, observer) => {
        if (counter.getAttribute("data-frame") !== before) {
          b.answered = performance.now();
          observer.disconnect();
        }
      }).observe(counter, { attributes: true });
      b.clicked = performance.now();
      document.querySelector('.transport button[aria-label="Step forward"]').click();
    });
    await page.waitForFunction(() => window.__bench.answered !== null, null, { timeout: TIMEOUT_MS, polling: 10 });
    click = await page.evaluate(() => window.__bench.answered - window.__bench.clicked);
  }
  await page.locator(".sim-progress").waitFor({ state: "detached", timeout: TIMEOUT_MS });
  const complete = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  const found = await page.evaluate(() => ({
    long: window.__bench.long,
    wasmBytes: window.__bench.wasm?.memory?.buffer?.byteLength ?? null,
    total: document.querySelector(".frame-counter")?.textContent.replace(/[^\d]+/g, " ").trim().split(" ").pop() ?? null,
  }));
  await context.close();
  const longest = (tasks) => tasks.reduce((max, t) => Math.max(max, t.duration), 0);
  return {
    firstFrame, complete, click, total: found.total, wasmBytes: found.wasmBytes,
    longest: longest(found.long), longestAfterFirst: longest(found.long.filter((t) => t.start >= firstFrame)), over50: found.long.length,
  };
}

const ms = (v) => (v === null ? "n/a" : `${Math.round(v).toLocaleString("en-US")} ms`);
const rows = [];
try {
  for (const nodes of sizes) {
    const fragment = link(scenario(nodes));
    await run(fragment); // warm-up: the disk cache and Chromium's own start
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await run(fragment);
      results.push(r);
      console.error(JSON.stringify({ nodes, run: i + 1, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? Math.round(v) : v])) }));
    }
    const m = (f) => median(results.map(f));
    rows.push([
      nodes.toLocaleString("en-US"),
      Number(results[0].total).toLocaleString("en-US"),
      ms(m((r) => r.firstFrame)),
      ms(m((r) => r.complete)),
      ms(m((r) => r.longest)),
      ms(m((r) => r.longestAfterFirst)),
      String(m((r) => r.over50)),
      ms(m((r) => r.click)),
      `${Math.round(m((r) => r.wasmBytes) / 1048576)} MB`,
    ]);
  }
} finally {
  await browser.close();
  server.close();
}
console.log("| nodes | frames | first frame shown | complete | longest task | longest after the first frame | tasks > 50 ms | click answered in | wasm memory |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
