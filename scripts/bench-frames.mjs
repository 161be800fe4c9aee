#!/usr/bin/env node
// Frame times of the playground playing a large rollout, in headless Chromium.
//
//   node scripts/bench-frames.mjs [nodes=1000] [seconds=20]
//
// Needs a release build in dist/ (`make build`). Serves dist/ with
// tests/e2e/serve-dist.mjs, loads a scenario with <nodes> nodes and a rolling
// update (maxUnavailable 10%), plays it at 4× and records the interval between
// requestAnimationFrame callbacks while it plays. Prints the load time (Apply
// until the cluster shows), the number of timeline frames, and the median and
// 95th percentile of the rAF intervals in milliseconds (16.7 ms = 60 fps), and the
// share of intervals that missed a display frame.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const nodes = Number(process.argv[2] ?? 1000);
const seconds = Number(process.argv[3] ?? 20);
const port = 4189;
const root = fileURLToPath(new URL("..", import.meta.url));

const scenario = `apiVersion: dsplay/v1
kind: Scenario
metadata:
  name: bench-${nodes}
spec:
  nodePools:
  - name: node
    count: ${nodes}
  steps:
  - settle
  - kubectl set image ds/agent agent=busybox:1.37
  - settle
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
    rollingUpdate: {maxUnavailable: 10%}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: busybox:1.36
`;

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
}

const server = spawn(process.execPath, ["tests/e2e/serve-dist.mjs", String(port)], { cwd: root, stdio: "ignore" });
try {
  await new Promise((ready) => setTimeout(ready, 500));
  // The flags of tests/e2e/playwright.config.mjs.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("pageerror", (error) => console.error("page error:", error.message));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.locator(".node-card").first().waitFor();
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.fill(scenario);
  const started = Date.now();
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  // Cards up to 200 nodes, dense squares above: wait until every node is drawn.
  await page.waitForFunction(
    (n) => document.querySelectorAll(".node-card[data-node], .dense-node[data-node]").length >= n,
    nodes,
    { timeout: 600_000 },
  );
  const loadMs = Date.now() - started;
  const counter = await page.locator(".frame-counter").textContent();
  const frames = Number(counter.match(/of (\d+)/)?.[1] ?? 0);

  await page.getByLabel("Speed").selectOption("4×");
  await page.evaluate(() => {
    window.__frameTimes = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frameTimes.push(now - last);
      last = now;
      window.__rafId = requestAnimationFrame(tick);
    };
    window.__rafId = requestAnimationFrame(tick);
  });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && (await page.getByRole("button", { name: "Pause", exact: true }).count()) > 0) {
    await page.waitForTimeout(250);
  }
  const reached = await page.locator(".frame-counter").textContent();
  const times = await page.evaluate(() => {
    cancelAnimationFrame(window.__rafId);
    return window.__frameTimes.slice(1);
  });
  await browser.close();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`nodes: ${nodes}`);
  console.log(`apply until the cluster shows: ${loadMs} ms; timeline frames: ${frames}; played to: ${reached}`);
  console.log(`rAF intervals while playing at 4× (one timeline frame per 175 ms): ${times.length} samples`);
  console.log(`median ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
  // rAF runs at the display's 60 Hz, so an interval is 16.7 ms or a multiple of it; the
  // share of intervals over 20 ms (a missed display frame) says more than one quantile.
  const missed = times.filter((t) => t > 20).length;
  const fps = times.length / (times.reduce((sum, t) => sum + t, 0) / 1000);
  console.log(`frames per second while playing: ${fps.toFixed(1)}`);
  console.log(`intervals over 20 ms: ${missed} of ${times.length} (${(100 * missed / Math.max(1, times.length)).toFixed(1)}%)`);
} finally {
  server.kill();
}
