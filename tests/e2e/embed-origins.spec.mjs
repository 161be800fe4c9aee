// The embed's origin rules across two origins (localhost and 127.0.0.1 are two): what
// `origins=` allows, and that `origins=*` is no wildcard (docs/security.md).
import { test, expect } from "@playwright/test";
import config from "./playwright.config.mjs";

// A host page served by the test (route.fulfill) has no address, so Chromium's Local
// Network Access checks would stop it framing the loopback server; nothing else differs.
test.use({
  launchOptions: {
    ...config.use.launchOptions,
    args: [...config.use.launchOptions.args, "--disable-features=LocalNetworkAccessChecks"],
  },
});

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

test("origins=* is no wildcard: the iframe hears and answers only the page that frames it", async ({ page, baseURL }) => {
  // A host page on another origin (localhost and 127.0.0.1 are two origins) framing two
  // playgrounds: one with origins=*, one with origins=<a third origin>,*.
  const playground = new URL(baseURL);
  const host = new URL(baseURL);
  host.hostname = "localhost";
  const hostPage = new URL("/host.html", host).href;
  const docs = encodeURIComponent("https://docs.example.org");
  await page.route(hostPage, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>host</title>
<iframe id="star" src="${playground.origin}/?embed=1&origins=*"></iframe>
<iframe id="listed" src="${playground.origin}/?embed=1&origins=${docs},*"></iframe>
<script>
  window.heard = [];
  addEventListener("message", (event) => {
    if (event.data?.type !== "dsplay:ready") return;
    window.heard.push(event.source === document.getElementById("star").contentWindow ? "star" : "listed");
  });
</script>`,
    }),
  );
  await page.goto(hostPage);
  const star = page.frameLocator("#star");
  const listed = page.frameLocator("#listed");
  await expect(star.locator(".node-card").first()).toBeVisible();
  await expect(listed.locator(".node-card").first()).toBeVisible();
  // origins=* names no origin, so the default holds: the framing page's origin (from
  // the referrer) hears the iframe and may drive it.
  await expect.poll(() => page.evaluate(() => window.heard)).toContain("star");
  const seek = (id, frame) => page.evaluate(([id, frame]) => document.getElementById(id).contentWindow.postMessage({ type: "dsplay:seek", frame }, "*"), [id, frame]);
  await seek("star", 1);
  await expect(star.locator(".frame-counter")).toHaveAttribute("data-frame", "1");
  // Beside a named origin, * adds nothing: the framing page is neither heard nor told.
  const before = await listed.locator(".frame-counter").getAttribute("data-frame");
  await seek("listed", 0);
  await page.waitForTimeout(500);
  await expect(listed.locator(".frame-counter")).toHaveAttribute("data-frame", before);
  expect(await page.evaluate(() => window.heard)).toEqual(["star"]);
});
