// Accessibility, checked by axe-core (WCAG 2.1 A and AA, contrast included, and axe's
// best practices) on the screens a trainer shows: both themes, the busy states (an
// error, the console, a rollout mid-way, the why panel), the gallery, the dense view of
// a large cluster, and a phone in Chinese.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, scenario } from "./fixtures.mjs";

// Evaluated by the test runner, not added as a <script>: the page's Content-Security-Policy
// (docs/security.md) allows no inline script it does not know the hash of.
const AXE = readFileSync(fileURLToPath(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url)), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Every violation, one line each, so a failure says what and where. */
async function violations(page) {
  await page.evaluate(AXE);
  const result = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags } }), TAGS);
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}: ${v.help}`));
}

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

for (const theme of ["light", "dark"]) {
  test(`no violations in the ${theme} theme, first screen and busy`, async ({ page }) => {
    await page.goto(`/?theme=${theme}`);
    await page.locator('.node-card[data-node="node-01"]').click();
    expect(await violations(page)).toEqual([]);

    // Mid-rollout, a broken edit, console output, and a node explained.
    await page.locator(".scrubber-marker.marker-batch").nth(1).click();
    await page.getByRole("button", { name: "Step forward" }).click();
    const editor = page.locator("#manifest");
    await editor.fill((await editor.inputValue()).replace("count: 3", "count: x"));
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.locator("#manifest-error")).toBeVisible();
    const command = page.getByRole("textbox", { name: "Command" });
    for (const line of ["kubectl cordon node-02", "kubectl get pods -o wide", "kubectl frobnicate"]) {
      await command.fill(line);
      await command.press("Enter");
    }
    await page.locator('.node-card[data-node="gpu-01"]').click();
    expect(await violations(page)).toEqual([]);
  });
}

test("no violations in the gallery, the dense view and on a phone in Chinese", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /Gallery/ }).click();
  expect(await violations(page)).toEqual([]);

  const big = scenario("  - name: node\n    count: 250", "  - settle");
  await page.goto(`/?dense=1#${encode(big)}`);
  await expect(page.locator(".dense-node[data-node]")).toHaveCount(250);
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/?phone=1#lang=zh");
  await page.getByRole("combobox", { name: /Language|语言/ }).selectOption("zh-Hans");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  expect(await violations(page)).toEqual([]);
});
