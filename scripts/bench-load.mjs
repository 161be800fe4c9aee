#!/usr/bin/env node
// What a reader waits for on a first visit: the release build (dist/) served as a static
// host serves it, with the precompressed .gz or .br files beside each file, loaded in
// Debian's headless Chromium at 1280x720 with the cache off, service workers blocked and
// Chromium's network emulation. For each profile and encoding it prints:
//   app     picture: the first contentful paint (the first screen's poster, or on a fast
//           network sometimes the app itself); interactive: the app has replaced the
//           first screen and shows a node card; the bytes transferred until then.
//   embeds  www/embeds-example.html (three poster-first embeds): the posters shown, the
//           bytes before any click; then a click on the first Play until its playground
//           shows a node card, and the bytes until then.
//
// usage: node scripts/bench-load.mjs [dist] [--runs N] [profile ...]
//   profiles: none, 9mbps (9 Mbps, 60 ms), 5mbps (5 Mbps, 28 ms), slow4g (1.6 Mbps,
//   150 ms; Lighthouse's mobile profile). Default: all four, 3 runs, medians.
import { createServer } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const dist = resolve(args[0] && !(args[0] in profilesOf()) ? args.shift() : "dist");
const PROFILES = profilesOf();
const chosen = args.length ? args : Object.keys(PROFILES);

function profilesOf() {
  return {
    none: null,
    "9mbps": { down: 9e6 / 8, up: 1.5e6 / 8, latency: 60 },
    "5mbps": { down: 5e6 / 8, up: 1e6 / 8, latency: 28 },
    slow4g: { down: 1.6e6 / 8, up: 0.75e6 / 8, latency: 150 },
  };
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/** A static host with precompressed files: `encoding` is what it prefers to send. */
function serve(encoding) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(dist, path.endsWith("/") ? `${path}index.html` : path));
    if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const suffix = encoding === "br" ? ".br" : ".gz";
    const accepts = (req.headers["accept-encoding"] ?? "").includes(encoding === "br" ? "br" : "gzip");
    const compressed = accepts && existsSync(file + suffix);
    const body = readFileSync(compressed ? file + suffix : file);
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
      "content-length": body.length,
      ...(compressed ? { "content-encoding": encoding } : {}),
    });
    res.end(body);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

async function throttledPage(browser, profile) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (profile) {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      downloadThroughput: profile.down,
      uploadThroughput: profile.up,
      latency: profile.latency,
    });
  }
  // Bytes over the network only: an iframe's `srcdoc` page is reported as a load too.
  const transfer = { bytes: 0, wasm: false };
  const fromNetwork = new Set();
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    if (request.url.startsWith("http")) fromNetwork.add(requestId);
    transfer.wasm ||= request.url.endsWith(".wasm");
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    if (fromNetwork.has(requestId)) transfer.bytes += encodedDataLength;
  });
  return { context, page, transfer };
}

const TIMEOUT = { timeout: 180_000, polling: 20 };

async function app(browser, base, profile) {
  const { context, page, transfer } = await throttledPage(browser, profile);
  // When the first screen went: on a fast network the app can replace it between two polls.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body && !document.getElementById("first-screen")) {
        window.__firstScreenGone = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(base, { waitUntil: "commit" });
  const interactive = await page.waitForFunction(
    () => window.__firstScreenGone && document.querySelector(".node-card") && performance.now(),
    null,
    TIMEOUT,
  );
  // The first paint: the poster, or on a fast network sometimes the app already.
  const picture = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
  const result = { picture, interactive: await interactive.jsonValue(), kb: transfer.bytes / 1024 };
  await context.close();
  return result;
}

async function embeds(browser, base, profile) {
  const { context, page, transfer } = await throttledPage(browser, profile);
  await page.goto(`${base}embeds-example.html`, { waitUntil: "commit" });
  const posters = await page.waitForFunction(
    () => {
      const frames = [...document.querySelectorAll("iframe[srcdoc]")];
      const shown = frames.filter((frame) => frame.contentDocument?.querySelector("svg"));
      return frames.length === 3 && shown.length === 3 && performance.now();
    },
    null,
    TIMEOUT,
  );
  await page.waitForLoadState("load");
  const beforeClick = { kb: transfer.bytes / 1024, wasm: transfer.wasm };
  const clicked = await page.evaluate(() => performance.now());
  await page.frameLocator("iframe[srcdoc]").first().locator("a[target=_self]").click();
  const frame = page.frameLocator("iframe").first();
  await frame.locator(".node-card").first().waitFor({ state: "visible", timeout: TIMEOUT.timeout });
  const playing = await page.evaluate(() => performance.now());
  const result = { posters: await posters.jsonValue(), beforeClickKb: beforeClick.kb, wasmBeforeClick: beforeClick.wasm, clickToPlayground: playing - clicked, kb: transfer.bytes / 1024 };
  await context.close();
  return result;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value).toLocaleString("en")} ms`;
const kb = (value) => `${value.toLocaleString("en", { maximumFractionDigits: 1 })} KB`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
console.log(`dist: ${dist}; ${runs} run(s) each, medians\n`);
console.log("| profile | encoding | app: picture | app: interactive | app: transfer | embeds: posters | embeds: before a click | embeds: click to playground |");
console.log("|---|---|---:|---:|---:|---:|---:|---:|");
for (const encoding of ["gzip", "br"]) {
  const server = await serve(encoding);
  const base = `http://127.0.0.1:${server.address().port}/`;
  for (const name of chosen) {
    const profile = PROFILES[name];
    if (profile === undefined) throw new Error(`unknown profile ${name}: ${Object.keys(PROFILES).join(", ")}`);
    const apps = [];
    const pages = [];
    for (let run = 0; run < runs; run++) {
      apps.push(await app(browser, base, profile));
      pages.push(await embeds(browser, base, profile));
    }
    if (pages.some((page) => page.wasmBeforeClick)) throw new Error("the embeds page fetched the wasm before a click");
    const of = (list, key) => median(list.map((entry) => entry[key]));
    console.log(
      `| ${name} | ${encoding} | ${ms(of(apps, "picture"))} | ${ms(of(apps, "interactive"))} | ${kb(of(apps, "kb"))} | ` +
        `${ms(of(pages, "posters"))} | ${kb(of(pages, "beforeClickKb"))} | ${ms(of(pages, "clickToPlayground"))} |`,
    );
  }
  server.close();
}
await browser.close();
