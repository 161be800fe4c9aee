// The Content-Security-Policy every page of the build carries (scripts/csp.mjs, run by
// Trunk after each build), and the embed's origin rules: the pages load and work with no
// violation, and the policy allows no script beyond its own files and hashed inline ones.
import { createHash } from "node:crypto";
import { test, expect } from "@playwright/test";

// Every frame of the page records what the policy blocked, from its first script on.
const recordViolations = () => {
  window.cspViolations = [];
  addEventListener("securitypolicyviolation", (event) => {
    window.cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
  });
};

/** What the policy blocked anywhere on the page: events in every frame, and the
 * console's "Refused to ... Content Security Policy" errors. */
const violations = async (page, consoleErrors) => {
  const found = [...consoleErrors];
  for (const frame of page.frames()) {
    found.push(...((await frame.evaluate(() => window.cspViolations ?? []).catch(() => [])) ?? []));
  }
  return found;
};

const watch = (page) => {
  const consoleErrors = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleErrors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    throw error;
  });
  return consoleErrors;
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordViolations);
});

const policyOf = (html) => {
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i);
  expect(meta, "the page carries a Content-Security-Policy meta tag").not.toBeNull();
  return Object.fromEntries(
    meta[1]
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
};

const inlineScriptHashes = (html) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => !/(^|\s)src\s*=/i.test(m[1]))
    .map((m) => `'sha256-${createHash("sha256").update(m[2].replace(/\r\n?/g, "\n")).digest("base64")}'`);

test("the built page's policy hashes each inline script and allows no eval or inline script", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // A meta policy covers only what follows it: nothing that loads may precede it.
  const before = html.slice(0, html.search(/<meta http-equiv="Content-Security-Policy"/i));
  expect(before).not.toMatch(/<(script|link|style)\b/i);
  const policy = policyOf(html);
  const scripts = policy["script-src"];
  expect(scripts).toEqual(expect.arrayContaining(["'self'", "'wasm-unsafe-eval'"]));
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThanOrEqual(3); // the theme, Trunk's loader, the service worker
  expect(scripts.filter((s) => s.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
  expect(policy["default-src"]).toEqual(["'self'"]);
  expect(policy["object-src"]).toEqual(["'none'"]);
  expect(policy["style-src-elem"]).toEqual(["'self'"]);
  expect(html).not.toMatch(/'unsafe-eval'|'unsafe-hashes'/);

  const example = await (await request.get("/embed-example.html")).text();
  const examplePolicy = policyOf(example);
  expect(examplePolicy["script-src"].sort()).toEqual([...new Set(inlineScriptHashes(example))].sort());
  expect(examplePolicy["frame-src"]).toEqual(["'self'"]);
  expect(example).not.toMatch(/'unsafe-/);
});

test("the playground loads, plays, and registers its service worker with no policy violation", async ({ page }) => {
  const consoleErrors = watch(page);
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  // Style attributes Yew sets (the timeline's cursor) are applied, not blocked.
  await page.getByRole("button", { name: "Step forward" }).click();
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await page.waitForTimeout(1_000);
  await page.keyboard.press("Space");
  expect(await page.locator("[style]").count()).toBeGreaterThan(0);
  // The service worker (www/sw.js) registers under the policy's worker-src.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), { timeout: 10_000 }).toBe(true);
  // The theme script ran (an inline script allowed by its hash).
  await expect(page.locator("html")).toHaveAttribute("data-theme", /^(light|dark)$/);
  expect(await violations(page, consoleErrors)).toEqual([]);
});

test("the embed example and the playground inside it run with no policy violation", async ({ page }) => {
  const consoleErrors = watch(page);
  await page.goto("/embed-example.html");
  const frame = page.frameLocator("#playground");
  await expect(frame.locator(".node-card").first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.dsplayMessages.some((m) => m.type === "dsplay:ready"))).toBe(true);
  await page.getByRole("button", { name: "Load the scenario below" }).click();
  await expect(frame.locator(".node-card")).toHaveCount(2);
  await page.getByRole("button", { name: "Play" }).click();
  await expect.poll(() => page.evaluate(() => window.dsplayMessages.filter((m) => m.type === "dsplay:frame").length)).toBeGreaterThan(1);
  // The host sized the iframe from dsplay:height (through the CSSOM: no inline style needed).
  await expect(page.locator("#playground")).toHaveAttribute("style", /height: \d+px/);
  expect(await violations(page, consoleErrors)).toEqual([]);
});
