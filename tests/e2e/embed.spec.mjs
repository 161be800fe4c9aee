// The playground in an iframe, driven by www/embed-example.html through postMessage.
import { test, expect } from "@playwright/test";

const messages = (page, type) => page.evaluate((type) => window.dsplayMessages.filter((m) => m.type === type), type);

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

test("the example host loads, seeks, steps and plays the embedded playground", async ({ page }) => {
  await page.goto("/embed-example.html");
  const frame = page.frameLocator("#playground");
  await expect(frame.locator(".node-card").first()).toBeVisible();
  await expect.poll(async () => (await messages(page, "dsplay:ready")).length).toBe(1);
  // Minimal chrome: no header, no editor (editor=0).
  await expect(frame.locator(".app-header")).toHaveCount(0);
  await expect(frame.locator("#manifest")).toHaveCount(0);
  await expect.poll(async () => (await messages(page, "dsplay:height")).length).toBeGreaterThan(0);

  // dsplay:load replaces the scenario (two nodes in the example page's text).
  await page.getByRole("button", { name: "Load the scenario below" }).click();
  await expect(frame.locator(".node-card")).toHaveCount(2);

  // dsplay:seek, then dsplay:frame reports where the iframe is.
  await page.locator("#frame").fill("1");
  await page.getByRole("button", { name: "Seek" }).click();
  await expect(frame.locator(".frame-counter")).toHaveAttribute("data-frame", "1");
  await expect.poll(async () => (await messages(page, "dsplay:frame")).at(-1)?.index).toBe(1);
  const last = (await messages(page, "dsplay:frame")).at(-1);
  expect(typeof last.time).toBe("number");
  expect(typeof last.cause).toBe("string");
  expect(last.frames).toBeGreaterThan(2);

  await page.getByRole("button", { name: "Step +1" }).click();
  await expect(frame.locator(".frame-counter")).toHaveAttribute("data-frame", "2");
  await page.getByRole("button", { name: "Step −1" }).click();
  await expect(frame.locator(".frame-counter")).toHaveAttribute("data-frame", "1");

  // dsplay:play runs to the last frame, reporting each one.
  await page.getByRole("button", { name: "Play" }).click();
  await expect
    .poll(async () => (await messages(page, "dsplay:frame")).at(-1)?.index, { timeout: 20_000 })
    .toBe(last.frames - 1);
  const indices = (await messages(page, "dsplay:frame")).map((m) => m.index);
  expect(new Set(indices).size).toBeGreaterThan(2);
  // Playing through the frame where the DaemonSet's rollout completes tells the host.
  const complete = (await messages(page, "dsplay:rollout-complete")).at(-1);
  expect(complete?.daemonset).toContain("/");
  expect(indices).toContain(complete.index);
});

test("an embed ignores pages outside its allow-list and talks only to them", async ({ page }) => {
  await page.goto("/embed-example.html");
  await expect(page.frameLocator("#playground").locator(".node-card").first()).toBeVisible();
  // A second iframe that trusts only another origin.
  await page.evaluate(() => {
    const other = document.createElement("iframe");
    other.id = "stranger";
    other.src = "/?embed=1&origins=https://docs.example.org#";
    document.body.append(other);
  });
  const stranger = page.frameLocator("#stranger");
  await expect(stranger.locator(".node-card").first()).toBeVisible();
  const before = await stranger.locator(".frame-counter").getAttribute("data-frame");
  await page.evaluate(() => document.getElementById("stranger").contentWindow.postMessage({ type: "dsplay:seek", frame: 0 }, "*"));
  await page.waitForTimeout(500);
  await expect(stranger.locator(".frame-counter")).toHaveAttribute("data-frame", before);
  // Only the first iframe ever said ready to this page.
  expect((await messages(page, "dsplay:ready")).length).toBe(1);
});

test("embed options: read-only, dark theme, language, starting frame", async ({ page }) => {
  await page.goto("/?embed=1&readonly=1&theme=dark&lang=zh&step=1");
  await expect(page.locator(".node-card").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.locator("#manifest")).toHaveAttribute("readonly", "");
  await expect(page.locator(".console")).toBeHidden();
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", "1");
});

test("an embed without its editor says in the frame why a scenario did not load", async ({ page }) => {
  // A link that is cut short: no share bar in an embed, so the frame says it.
  await page.goto("/?embed=1&editor=0#v1=AAAA");
  await expect(page.locator(".load-problem")).toContainText("This link could not be opened: it is damaged or cut short.");
  // A link whose YAML does not parse: no cluster, and why, with its line.
  const broken = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: x}\nspec:\n  nodePools: [{name: a, count: [1}]\n";
  const { encode } = await import("./fixtures.mjs");
  await page.goto(`/?embed=1&editor=0&n=2#${encode(broken)}`);
  await expect(page.locator(".load-problem")).toContainText("This scenario did not load, so no cluster runs.\nLine 5:");
  await expect(page.locator("#manifest")).toHaveCount(0);
});
