// The first screen: index.html shows the default scenario's poster (or, for a link, says
// what is opening) with the download's progress before the wasm has arrived, and the
// app replaces it when it starts. The wasm is held back by the test to look at it.
import { test, expect } from "@playwright/test";
import { encode, scenario } from "./fixtures.mjs";

/** Holds every request for the wasm until the returned function is called. */
async function holdWasm(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route("**/*.wasm", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("before the wasm, the default scenario's poster and the download's progress; then the app", async ({ page }) => {
  const release = await holdWasm(page);
  await page.goto("/");
  const first = page.locator("#first-screen");
  await expect(first.getByRole("heading", { name: "DaemonSet Playground" })).toBeVisible();
  const poster = first.locator(".first-poster:visible");
  await expect(poster).toHaveCount(1);
  await expect(poster).toHaveAttribute("data-poster-lang", "en");
  await expect(poster).toHaveAttribute("data-poster-theme", "light");
  await expect(poster.locator("svg [data-node]")).toHaveCount(5);
  await expect(poster.locator("svg text", { hasText: "node-logger Running" })).toHaveCount(5);
  await expect(first.getByRole("status")).toHaveText("Loading the playground…", { useInnerText: true });
  await expect(first.getByText("The playground opens it at its start.")).toBeVisible();

  release();
  await expect(page.locator(".node-card").first()).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(page.locator(".first-poster")).toHaveCount(0);
});

test("the first screen follows the reader's language and theme, and a link says what it opens", async ({ browser }) => {
  // No service worker: registered by the first page, it would fetch the second page's
  // wasm itself, where the test's hold does not reach.
  const context = await browser.newContext({ locale: "zh-CN", colorScheme: "dark", serviceWorkers: "block" });
  const page = await context.newPage();
  const release = await holdWasm(page);
  await page.goto("/");
  const poster = page.locator("#first-screen .first-poster:visible");
  await expect(poster).toHaveAttribute("data-poster-lang", "zh");
  await expect(poster).toHaveAttribute("data-poster-theme", "dark");
  await expect(page.getByRole("heading", { name: "DaemonSet 演练场" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("正在加载演练场…", { useInnerText: true });

  const link = scenario("  - name: pool\n    count: 2", "  - settle");
  await page.goto(`/?lang=en#${encode(link)}`);
  await expect(page.locator("#first-screen .first-poster:visible")).toHaveCount(0);
  await expect(page.getByText("Opening the scenario of this link.")).toBeVisible();
  release();
  await expect(page.locator(".node-card")).toHaveCount(2);
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await context.close();
});

test("the download's progress is counted in bytes", async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: 1e6, uploadThroughput: 1e6 });
  await page.goto("/");
  const status = page.getByRole("status");
  await expect(status).toHaveText(/^Loading the playground: \d+\.\d of \d+\.\d MB$/);
  const [done, total] = (await status.textContent()).match(/\d+\.\d/g).map(Number);
  expect(done).toBeLessThan(total);
  expect(await page.locator("#first-screen-progress").evaluate((bar) => bar.value)).toBeGreaterThan(0);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.locator(".node-card").first()).toBeVisible();
});

test("a failed start says so", async ({ page }) => {
  await page.route("**/*.wasm", (route) => route.fulfill({ status: 404, body: "gone" }));
  await page.goto("/");
  await expect(page.getByRole("status")).toHaveText(/^The playground could not start: .+ Reload the page to try again\.$/);
  await expect(page.locator("#first-screen .first-poster:visible")).toHaveCount(1);
});
