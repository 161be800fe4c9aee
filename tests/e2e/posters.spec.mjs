// Posters: www/embeds-example.html shows three poster-first embeds that load nothing of
// the playground until a Play button is clicked, and "Save picture" downloads the frame
// shown as an SVG whose nodes and pods are the cluster pane's.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

const isPlayground = (url) => /\.wasm$|dsplay-web-[0-9a-f]+\.js$/.test(new URL(url).pathname);

test("the embeds page shows posters, requests no wasm before a click, and plays on one", async ({ page }) => {
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));
  const violations = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  let bytes = 0;
  page.on("response", async (response) => {
    bytes += (await response.body().catch(() => Buffer.alloc(0))).length;
  });
  await page.goto("/embeds-example.html");
  const iframes = page.locator("iframe[srcdoc]");
  await expect(iframes).toHaveCount(3);
  for (let index = 0; index < 3; index++) {
    await iframes.nth(index).scrollIntoViewIfNeeded();
    const poster = page.frameLocator("iframe[srcdoc]").nth(index);
    await expect(poster.locator("svg [data-node]").first()).toBeAttached();
    await expect(poster.locator("svg [data-play]")).toBeAttached();
    expect(await poster.locator("[data-pod][data-state]").count()).toBeGreaterThan(0);
  }
  await page.waitForLoadState("networkidle");
  expect(requests.filter(isPlayground), "nothing of the playground before a click").toEqual([]);
  console.log(`embeds-example.html before a click: ${requests.length} requests, ${bytes} bytes`);
  expect(bytes).toBeLessThan(60_000);

  // Play on the first loads the playground in that iframe, at the poster's frame.
  await iframes.first().scrollIntoViewIfNeeded();
  const first = page.frameLocator("iframe[srcdoc]").first();
  const nodes = await first.locator("svg [data-node]").evaluateAll((els) => els.map((e) => e.getAttribute("data-node")));
  await first.locator("a[target=_self]").click();
  await expect(first.locator(".node-card").first()).toBeVisible({ timeout: 20_000 });
  expect(requests.some((url) => url.endsWith(".wasm")), "the wasm once clicked").toBe(true);
  expect(await first.locator(".node-card").evaluateAll((els) => els.map((e) => e.getAttribute("data-node")))).toEqual(nodes);
  const counter = first.locator(".frame-counter");
  await expect(counter).toHaveAttribute("data-frame", "52");
  await first.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => Number(await counter.getAttribute("data-frame")), { timeout: 20_000 }).toBeGreaterThan(52);
  // The other two are still posters.
  await expect(page.frameLocator("iframe[srcdoc]").nth(1).locator("svg [data-play]")).toBeAttached();
  expect(violations).toEqual([]);
});

test("Save picture downloads the frame shown as an SVG of the same nodes and pods", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  await page.getByRole("button", { name: "Step forward" }).click();
  await page.getByRole("button", { name: "Step forward" }).click();
  const shown = await page.locator(".node-card").evaluateAll((els) => els.map((e) => e.getAttribute("data-node")));
  const pods = await page.locator(".node-card .pod-chip[data-pod]").evaluateAll((els) => els.map((e) => e.getAttribute("data-pod")));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Save picture" }).click()]);
  expect(download.suggestedFilename()).toMatch(/-frame-2\.svg$/);
  const svg = readFileSync(await download.path(), "utf8");
  expect(svg.startsWith("<svg xmlns='http://www.w3.org/2000/svg'")).toBe(true);
  expect([...svg.matchAll(/data-node='([^']+)'/g)].map((m) => m[1])).toEqual(shown);
  expect([...svg.matchAll(/data-pod='([^']+)'/g)].map((m) => m[1]).sort()).toEqual(pods.sort());
  expect(svg.length).toBeLessThan(20_000);

  // The Embed snippet carries the same poster, with its Play button, in a srcdoc.
  await page.getByRole("button", { name: "Embed" }).click();
  const snippet = await page.locator(".share-text").inputValue();
  expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed=1#v1=[^"]*" title="[^"]*" width="100%" height="640" frameborder="0" loading="lazy" srcdoc="<!doctype html>/);
  expect(snippet).toContain("data-play=''");
  expect(snippet.split("\n")).toHaveLength(1);
});
