// Presenter mode and small screens (issue 26), on the gallery's 10-node rollout
// (node-exporter, maxUnavailable 1): every node on one screen at a projector's 1280×720
// and 1920×1080, pod names ≥ 20 px at 1080p, a clicker's keys, bookmarks that survive a
// reload and a link, a highlight that stays while frames play, actions that keep their
// node in view, and a phone's layout (390×844): the sticky controls ≤ 25% of the
// screen, the ten nodes within two screen heights, the why panel as a sheet.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, scenario } from "./fixtures.mjs";

const ROLLOUT = readFileSync(fileURLToPath(new URL("../../gallery/node-exporter-rollout.yaml", import.meta.url)), "utf8");
const LINK = encode(ROLLOUT);
/** Mid-rollout: new pods starting, old ones Running. */
const MID = 30;
const SCREENSHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));

const AXE = fileURLToPath(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url));
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags } }), TAGS);
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}: ${v.help}`));
}

const frame = (page) => page.locator(".present-bar .frame-counter");

// The page's Content-Security-Policy refuses inline scripts, and axe-core is injected as one.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

for (const [width, height] of [[1280, 720], [1920, 1080]]) {
  test(`?present=1 at ${width}×${height}: every node card and its pod chip on one screen, nothing else`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/?present=1#${LINK}&f=${MID}`);
    await expect(page.locator(".present-grid .node-card")).toHaveCount(10);
    // No header, timeline, console, chart, events or editor; the narration and the status line.
    for (const gone of [".app-header", ".cluster-pane > .timeline", ".console", ".rollout-chart", ".events", "#manifest"]) {
      for (const element of await page.locator(gone).all()) await expect(element).toBeHidden();
    }
    await expect(page.locator(".present-caption .frame-cause")).toBeVisible();
    await expect(page.locator(".present-stage .status-line")).toBeVisible();
    const measured = await page.evaluate(() => {
      const inside = (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
      };
      const cards = [...document.querySelectorAll(".present-grid .node-card")];
      return {
        scrolls: document.scrollingElement.scrollHeight > innerHeight || document.scrollingElement.scrollWidth > innerWidth,
        outside: cards.filter((card) => !inside(card) || !inside(card.querySelector(".pod-chip"))).map((card) => card.dataset.node),
        chips: cards.filter((card) => card.querySelector(".pod-chip")).length,
        podFonts: [...document.querySelectorAll(".present-grid .pod-name")].map((el) => parseFloat(getComputedStyle(el).fontSize)),
        captionFont: parseFloat(getComputedStyle(document.querySelector(".present-caption")).fontSize),
        captionLines: Math.round(document.querySelector(".present-caption").getBoundingClientRect().height / parseFloat(getComputedStyle(document.querySelector(".present-caption")).lineHeight)),
      };
    });
    expect(measured.scrolls).toBe(false);
    expect(measured.outside).toEqual([]);
    expect(measured.chips).toBe(10);
    expect(measured.captionLines).toBe(1);
    if (width === 1920) {
      expect(Math.min(...measured.podFonts)).toBeGreaterThanOrEqual(20);
      expect(measured.captionFont).toBeGreaterThanOrEqual(32);
      await page.screenshot({ path: `${SCREENSHOTS}present-1080p.png` });
    } else {
      expect(Math.min(...measured.podFonts)).toBeGreaterThanOrEqual(16);
      await page.screenshot({ path: `${SCREENSHOTS}present-720p.png` });
    }
  });
}

test("a cluster too large for readable cards is drawn as the dense view's squares, all on the screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const big = scenario("  - name: node\n    count: 150", "  - settle");
  await page.goto(`/?present=1#${encode(big)}`);
  await expect(page.locator(".present-nodes .dense-node[data-node]")).toHaveCount(150);
  await expect(page.locator(".present-grid")).toHaveCount(0);
  const last = await page.locator(".present-nodes .dense-node[data-node]").last().boundingBox();
  expect(last.y + last.height).toBeLessThanOrEqual(720);
});

test("the header's Present enters presenter mode and puts ?present=1 in the address; Exit and Escape leave", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#${LINK}&f=${MID}`);
  await page.getByRole("button", { name: "Present", exact: true }).click();
  await expect(page.locator(".present-stage")).toBeVisible();
  await expect(page.locator(".app-header")).toBeHidden();
  await expect.poll(() => new URL(page.url()).search).toBe("?present=1");
  await page.reload();
  await expect(page.locator(".present-stage")).toBeVisible();
  await page.getByRole("button", { name: "Exit", exact: true }).click();
  await expect(page.locator(".cluster-pane > .timeline")).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await page.getByRole("button", { name: "Present", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(page.locator(".app-header")).toBeVisible();
});

test("a clicker drives it: PageDown / PageUp between marked frames, Home / End, B blanks", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // Where Shift+→ (the next marked frame) goes from the start, in the normal view.
  await page.goto(`/#${LINK}&f=0`);
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", "0");
  await page.locator("body").press("Shift+ArrowRight");
  const firstMark = await page.locator(".cluster-pane > .timeline .frame-counter").getAttribute("data-frame");
  await page.locator("body").press("Shift+ArrowRight");
  const secondMark = await page.locator(".cluster-pane > .timeline .frame-counter").getAttribute("data-frame");
  expect(Number(firstMark)).toBeGreaterThan(0);
  expect(Number(secondMark)).toBeGreaterThan(Number(firstMark));

  await page.goto(`/?present=1#${LINK}&f=0`);
  // Set by an effect that runs after the keyboard's: the keys are listened to.
  await expect(page.locator("html")).toHaveClass(/presenting/);
  await expect(frame(page)).toHaveAttribute("data-frame", "0");
  await page.keyboard.press("PageDown");
  await expect(frame(page)).toHaveAttribute("data-frame", firstMark);
  await page.keyboard.press("PageDown");
  await expect(frame(page)).toHaveAttribute("data-frame", secondMark);
  await page.keyboard.press("PageUp");
  await expect(frame(page)).toHaveAttribute("data-frame", firstMark);
  await page.keyboard.press("End");
  await expect(frame(page)).toHaveAttribute("data-frame", "122");
  await page.keyboard.press("Home");
  await expect(frame(page)).toHaveAttribute("data-frame", "0");
  await page.keyboard.press("b");
  await expect(page.locator(".present-blank")).toBeVisible();
  const blank = await page.locator(".present-blank").boundingBox();
  expect(blank).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  await page.keyboard.press("PageDown");
  await expect(frame(page)).toHaveAttribute("data-frame", firstMark);
  await page.keyboard.press("b");
  await expect(page.locator(".present-blank")).toHaveCount(0);
});

test("a bookmark named on a frame is listed for jumping, stops PageDown, and survives a reload and a link", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#${LINK}&f=57`);
  const bookmarks = page.locator(".cluster-pane > .pane-head .bookmarks");
  await bookmarks.locator("summary").click();
  await bookmarks.getByRole("textbox", { name: "Bookmark name" }).fill("Half the nodes updated");
  await bookmarks.getByRole("button", { name: "Bookmark frame 58" }).click();
  await expect(bookmarks.locator(".bookmark-jump")).toHaveText(["Half the nodes updated (frame 58)"]);
  await expect.poll(() => page.url()).toContain("&bm=");
  // A star on the scrubber where the frame is.
  await expect(page.locator('.bookmark-ticks .bookmark-tick[data-frame="57"]')).toHaveAttribute("title", "Half the nodes updated");

  await page.reload();
  const again = page.locator(".cluster-pane > .pane-head .bookmarks");
  await expect(again.locator("summary")).toHaveText(/Bookmarks \(1\)/);
  await again.locator("summary").click();
  await page.getByRole("button", { name: "Go to the first frame" }).click();
  await expect(page.locator(".cluster-pane > .timeline .frame-counter")).toHaveAttribute("data-frame", "0");
  await again.getByRole("button", { name: "Half the nodes updated (frame 58)" }).click();
  await expect(page.locator(".cluster-pane > .timeline .frame-counter")).toHaveAttribute("data-frame", "57");

  // The link, in a browser that never saw the work, in presenter mode: listed, and a stop.
  const link = new URL(page.url());
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const other = await context.newPage();
  await other.goto(`${link.origin}/?present=1${link.hash.replace(/&f=\d+/, "&f=56")}`);
  await expect(other.locator("html")).toHaveClass(/presenting/);
  await expect(other.locator(".present-bar .bookmarks summary")).toHaveText(/Bookmarks \(1\)/);
  await expect(other.locator(".present-bar .frame-counter")).toHaveAttribute("data-frame", "56");
  await other.keyboard.press("PageDown");
  await expect(other.locator(".present-bar .frame-counter")).toHaveAttribute("data-frame", "57");
  await context.close();
});

test("a highlighted node stays highlighted while the frames play, with its line above the status", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/?present=1#${LINK}&f=0`);
  await page.locator('.node-card[data-node="node-03"] .node-select').click();
  await expect(page.locator('.node-card[data-node="node-03"]')).toHaveClass(/is-selected/);
  await expect(page.locator('.present-highlight[data-node="node-03"]')).toContainText("node-03");
  await expect(page.locator(".why-panel")).toHaveCount(0);
  await page.keyboard.press("PageDown");
  await page.getByRole("button", { name: "Play" }).click();
  await expect.poll(async () => Number(await frame(page).getAttribute("data-frame")), { timeout: 5_000 }).toBeGreaterThan(3);
  await expect(page.locator('.node-card[data-node="node-03"]')).toHaveClass(/is-selected/);
  await expect(page.locator('.present-highlight[data-node="node-03"]')).toBeVisible();
  await page.locator('.node-card[data-node="node-03"] .node-select').click();
  await expect(page.locator(".present-highlight")).toHaveCount(0);
});

test("a node action and a console command bring their node into view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#${LINK}`);
  const card = page.locator('.node-card[data-node="node-10"]');
  await card.locator(".node-select").click();
  await page.locator('.why-panel [data-node-action="down"]').click();
  await expect(page.locator('.node-card[data-node="node-10"] .badge-bad, .node-card[data-node="node-10"] .badge-warn').first()).toBeVisible();
  const seen = (name) =>
    page.evaluate((name) => {
      const el = document.querySelector(`.cluster-nodes .node-card[data-node="${name}"]`);
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 16));
      return !!hit && el.contains(hit);
    }, name);
  await expect.poll(() => seen("node-10")).toBe(true);

  // On a phone: a console command far below the node's card.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#${LINK}`);
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl cordon node-02");
  await command.press("Enter");
  await expect(page.locator('.node-card[data-node="node-02"]')).toHaveClass(/is-cordoned/);
  await expect.poll(() => seen("node-02")).toBe(true);
});

test("on a phone the controls take ≤ 25% of the screen, ten nodes fit two screens, the why panel is a sheet", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#${LINK}&f=${MID}`);
  const timeline = page.locator(".cluster-pane > .timeline");
  await expect(page.locator(".node-card")).toHaveCount(10);
  // The controls stick at the top once the nodes are scrolled to.
  await page.locator('.node-card[data-node="node-05"]').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const stuck = await timeline.boundingBox();
  expect(stuck.y).toBeLessThanOrEqual(1);
  expect(stuck.height).toBeLessThanOrEqual(0.25 * 844);
  // The step chips fold behind one button.
  const toggle = timeline.locator(".steps-toggle");
  await expect(timeline.locator(".steps")).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(timeline.locator(".steps")).toBeVisible();
  await toggle.click();
  await expect(timeline.locator(".steps")).toBeHidden();

  const span = await page.evaluate(() => {
    const cards = [...document.querySelectorAll(".node-card")].map((c) => c.getBoundingClientRect());
    return Math.max(...cards.map((r) => r.bottom)) - Math.min(...cards.map((r) => r.top));
  });
  expect(span).toBeLessThanOrEqual(2 * 844);
  await page.locator('.node-card[data-node="node-01"]').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -40));
  await page.screenshot({ path: `${SCREENSHOTS}phone-rollout.png` });

  // The why panel: a sheet over the lower part of the screen, the card still seen above;
  // Close goes back to the node.
  const node = page.locator('.node-card[data-node="node-04"] .node-select');
  await node.click();
  const sheet = page.locator(".why-slot");
  await expect(sheet).toBeVisible();
  const box = await sheet.boundingBox();
  expect(Math.round(box.y + box.height)).toBe(844);
  expect(box.height).toBeLessThanOrEqual(0.65 * 844);
  const cardBox = await page.locator('.node-card[data-node="node-04"]').boundingBox();
  expect(cardBox.y + 20).toBeLessThan(box.y);
  await page.screenshot({ path: `${SCREENSHOTS}phone-why-sheet.png` });
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(node).toBeFocused();
});

test("axe-core finds no violations in presenter mode and on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/?present=1#${LINK}&f=${MID}`);
  await page.locator('.node-card[data-node="node-02"] .node-select').click();
  await page.locator(".present-bar .bookmarks summary").click();
  expect(await violations(page)).toEqual([]);
  await page.goto(`/?present=1&lang=zh#${LINK}&f=${MID}`);
  await expect(page.locator(".present-stage")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#${LINK}&f=${MID}`);
  await page.locator(".cluster-pane > .timeline .steps-toggle").click();
  expect(await violations(page)).toEqual([]);
  await page.locator('.node-card[data-node="node-04"] .node-select').click();
  await expect(page.locator(".why-slot")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
