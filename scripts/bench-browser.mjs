#!/usr/bin/env node
// Opening a big share link in the browser (issue 20): what a reader waits for, and
// whether the page answers while the simulation runs.
//
//   node scripts/bench-browser.mjs [dist-dir=dist] [nodes...=1000 5000]
//
// Serves a release build (`trunk build --release`) with a small static server of its own
// on a free port, and opens in headless Chromium (1280×720, /usr/bin/chromium or
// $CHROMIUM) the share link `/#v1=...` of a pool of N nodes with the steps `settle`,
// `kubectl set image ds/agent agent=busybox:1.37`, `advance 10h`, and one DaemonSet with
// RollingUpdate maxUnavailable 1. Every run is a fresh browser context (empty storage,
// service workers blocked), so each one downloads and compiles the wasm again. Per size,
// one unmeasured warm-up run (it also finds where the "Step forward" button is drawn),
// then $BENCH_RUNS (default 3) measured runs; the table gives the median of each column
// over them. All times are from navigation start, in the page's own clock.
//
// - first frame: the first `.node-card` or `.dense-node[data-node]` is in the document,
//   has a box, and a frame has been drawn since (a requestAnimationFrame callback, then
//   a message posted from it: the paint that follows it is done).
// - complete: the frame drawn after the counter's "of N" last changed, once it has not
//   changed for 2 s (the whole timeline is simulated and on screen).
// - longest task / tasks > 50 ms: Long Tasks API entries (PerformanceObserver
//   'longtask', installed by page.addInitScript before the page's own scripts), from
//   navigation until the end of the run (2 s after complete and after the click).
// - click: once the wasm has downloaded, the script asks the page a trivial question
//   every 10 ms; the first time it gets no answer within 30 ms (the main thread is
//   busy: the simulation has started), it clicks where the warm-up run found the
//   "Step forward" button. The latency is from the press's `timeStamp` (when the browser
//   took the input) to the frame drawn after the counter's `data-frame` changed. A click
//   sent while the main thread is busy waits for it, so on a frozen page the latency is
//   what is left of the freeze (a click that a short task before the app's took to the
//   still empty page is made again). "while busy" counts the runs whose press fell inside a
//   long task (else the page was never seen busy and the click was made once the
//   button was drawn).
// - wasm memory: `performance.measureUserAgentSpecificMemory()` when the page is
//   cross-origin isolated (the app's pages are not, so it is not used), else the size of
//   the wasm module's `WebAssembly.Memory` (its exports come with Trunk's
//   `TrunkApplicationStarted` event): linear memory only grows, so this is the most the
//   wasm heap held at once, not what is live. JS heap: CDP `Performance.getMetrics`
//   JSHeapUsedSize at the end of the run.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";

const repo = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const dist = resolve(args[0] !== undefined && !/^\d+$/.test(args[0]) ? args.shift() : join(repo, "dist"));
const sizes = args.length > 0 ? args.map(Number) : [1000, 5000];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const TIMEOUT_MS = 300_000;
const QUIET_MS = 2_000;
// A page that does not answer an evaluate within this is busy.
const BUSY_MS = 30;

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

// In the page before its own scripts: long tasks, the first node drawn, the counter.
const recorder = () => {
  const b = (window.__bench = { long: [], firstInDom: null, firstFrame: null, total: null, totalAt: null, totalShownAt: null, text: null, frame0: null, frameChangedAt: null, frameShownAt: null, press: null, downs: 0, wasm: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  // The first press on "Step forward": its timestamp is when the browser took the input.
  addEventListener("mousedown", (e) => {
    b.downs += 1;
    if (b.press === null && e.target.closest?.('.transport button[aria-label="Step forward"]')) b.press = e.timeStamp;
  }, true);
  addEventListener("TrunkApplicationStarted", (e) => (b.wasm = e.detail?.wasm ?? null));
  // After the next frame is drawn: a message posted from a requestAnimationFrame callback.
  const afterPaint = (then) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(0);
  });
  const look = () => {
    const now = performance.now();
    if (b.firstInDom === null) {
      const node = document.querySelector(".node-card, .dense-node[data-node]");
      if (node) {
        b.firstInDom = now;
        afterPaint(() => {
          const box = node.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) b.firstFrame = performance.now();
        });
      }
    }
    const counter = document.querySelector(".frame-counter");
    if (counter) {
      const text = counter.textContent.trim();
      if (text !== b.text) {
        b.text = text;
        const of = text.replace(/[,\s\u202f]/g, "").match(/(\d+)\D+(\d+)$/);
        const total = of ? Number(of[2]) : null;
        if (total !== b.total) {
          [b.total, b.totalAt, b.totalShownAt] = [total, now, null];
          afterPaint(() => {
            if (b.total === total) b.totalShownAt ??= performance.now();
          });
        }
      }
      const frame = counter.getAttribute("data-frame");
      if (b.frame0 === null) b.frame0 = frame;
      else if (frame !== b.frame0 && b.frameChangedAt === null) {
        b.frameChangedAt = now;
        afterPaint(() => (b.frameShownAt = performance.now()));
      }
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-frame"] });
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

/** One opening of the link. `button` is where "Step forward" is drawn, when known. */
async function run(fragment, button) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error("page error:", error.message));
  await page.addInitScript(recorder);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const wasmDownloaded = page.waitForEvent("requestfinished", { predicate: (r) => r.url().endsWith(".wasm"), timeout: TIMEOUT_MS }).catch(() => null);
  await page.goto(base + "#" + fragment, { waitUntil: "commit" });

  // One click where the button will be, sent while the page is busy (see the header).
  let click = null;
  if (button) {
    await wasmDownloaded;
    const deadline = Date.now() + TIMEOUT_MS;
    let clicked = false;
    let sent = 0;
    while (!clicked && Date.now() < deadline) {
      const ping = page.evaluate(() => document.querySelector('.transport button[aria-label="Step forward"]') !== null);
      const busy = await Promise.race([ping.then(() => false), new Promise((r) => setTimeout(() => r(true), BUSY_MS))]);
      // Busy: the click waits in the queue. Idle with the button drawn: the page was never
      // seen busy after the wasm arrived; press it now (the run then says "idle").
      if (busy || (await ping)) {
        // A short task before the app's (compiling, starting) takes the click to an empty
        // page: then try again.
        sent += 1;
        await page.mouse.click(button.x, button.y);
        await page.waitForFunction((n) => window.__bench.downs >= n, sent, { timeout: TIMEOUT_MS, polling: 20 });
        clicked = await page.evaluate(() => window.__bench.press !== null);
      } else {
        await page.waitForTimeout(10);
      }
    }
    await page.waitForFunction(() => window.__bench.frameShownAt !== null, null, { timeout: TIMEOUT_MS, polling: 50 }).catch(() => {});
    click = await page.evaluate(() => {
      const b = window.__bench;
      return b.press === null || b.frameShownAt === null ? null : { sentAt: b.press, latency: b.frameShownAt - b.press, inDom: b.frameChangedAt - b.press };
    });
  }

  // Complete: the counter's total has not changed for QUIET_MS.
  await page.waitForFunction((quiet) => {
    const b = window.__bench;
    return b.firstFrame !== null && b.totalShownAt !== null && performance.now() - b.totalAt >= quiet;
  }, QUIET_MS, { timeout: TIMEOUT_MS, polling: 100 });
  if (click) await page.waitForTimeout(Math.max(0, click.sentAt + click.latency + QUIET_MS - (await page.evaluate(() => performance.now()))));

  const found = await page.evaluate(async () => {
    const b = window.__bench;
    let uaMemory = null;
    if (window.crossOriginIsolated && performance.measureUserAgentSpecificMemory) {
      uaMemory = (await performance.measureUserAgentSpecificMemory()).bytes;
    }
    const box = document.querySelector('.transport button[aria-label="Step forward"]')?.getBoundingClientRect();
    return {
      firstFrame: b.firstFrame,
      complete: b.totalShownAt,
      completeInDom: b.totalAt,
      firstInDom: b.firstInDom,
      text: b.text,
      total: b.total,
      long: b.long,
      wasmBytes: b.wasm?.memory?.buffer?.byteLength ?? null,
      uaMemory,
      button: box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null,
      wasmEnd: performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"))?.responseEnd ?? null,
    };
  });
  const metrics = (await cdp.send("Performance.getMetrics")).metrics;
  const jsHeap = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? null;
  await context.close();

  const longest = found.long.reduce((max, t) => (t.duration > max.duration ? t : max), { start: 0, duration: 0 });
  if (click) click.busy = found.long.some((t) => t.start <= click.sentAt && click.sentAt < t.start + t.duration);
  return { ...found, jsHeap, longest, click };
}

const ms = (v) => (v === null ? "n/a" : `${Math.round(v).toLocaleString("en-US")} ms`);
const mb = (v) => (v === null ? "n/a" : `${Math.round(v / 1048576)} MB`);
const rows = [];
const notes = [];
const loadBefore = loadavg()[0];
try {
  for (const nodes of sizes) {
    const fragment = link(scenario(nodes));
    const warm = await run(fragment, null);
    if (!warm.button) throw new Error(`no "Step forward" button after opening ${nodes} nodes`);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await run(fragment, warm.button);
      results.push(r);
      console.error(JSON.stringify({
        nodes, run: i + 1, counter: r.text, wasmDownloaded: Math.round(r.wasmEnd), firstInDom: Math.round(r.firstInDom), firstFrame: Math.round(r.firstFrame), complete: Math.round(r.complete),
        longest: { start: Math.round(r.longest.start), duration: Math.round(r.longest.duration) }, over50: r.long.length,
        click: r.click && { sentAt: Math.round(r.click.sentAt), latency: Math.round(r.click.latency), inDom: Math.round(r.click.inDom), busy: r.click.busy },
        wasmMB: r.wasmBytes && +(r.wasmBytes / 1048576).toFixed(1), uaMemory: r.uaMemory, jsHeapMB: r.jsHeap && +(r.jsHeap / 1048576).toFixed(1),
      }));
    }
    const m = (f) => median(results.map(f));
    rows.push([
      nodes.toLocaleString("en-US"),
      results[0].total?.toLocaleString("en-US") ?? "n/a",
      ms(m((r) => r.firstFrame)),
      ms(m((r) => r.complete)),
      ms(m((r) => r.longest.duration)),
      String(m((r) => r.long.length)),
      ms(m((r) => r.click?.latency ?? null)) + ` (${results.filter((r) => r.click?.busy).length} of ${runs} while busy)`,
      results.some((r) => r.uaMemory !== null) ? mb(m((r) => r.uaMemory)) + " (measureUserAgentSpecificMemory)" : mb(m((r) => r.wasmBytes)),
      mb(m((r) => r.jsHeap)),
    ]);
    notes.push(`${nodes.toLocaleString("en-US")} nodes: wasm downloaded at ${ms(m((r) => r.wasmEnd))}, the longest task began at ${ms(m((r) => r.longest.start))}, ` +
      `the first node was in the document at ${ms(m((r) => r.firstInDom))}; the click was pressed at ${ms(m((r) => r.click?.sentAt ?? null))} ` +
      `and the counter changed ${ms(m((r) => r.click?.inDom ?? null))} later (drawn: the table's figure).`);
  }
} finally {
  await browser.close();
  server.close();
}

let memory = "wasm memory (WebAssembly.Memory size)";
console.log(`\nRelease build ${dist}, headless Chromium 1280×720, median of ${runs} runs; times from navigation start.`);
console.log(`1-minute load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after.\n`);
console.log(`| nodes | timeline frames | first frame shown | timeline complete | longest task | tasks > 50 ms | click answered in | ${memory} | JS heap used |`);
console.log("|---:|---:|---:|---:|---:|---:|---|---:|---:|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log("");
for (const note of notes) console.log(`- ${note}`);
