// The page never waits for the engine: a scenario's steps play a slice at a time while
// the view shows and plays the frames already made, and Stop keeps what was computed.
import { test, expect } from "@playwright/test";
import { encode, scenario } from "./fixtures.mjs";

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

/** A pool of `nodes`, settle, a new image, ten hours: maxUnavailable 1, node by node. */
const rollout = (nodes) =>
  scenario(`  - name: node\n    count: ${nodes}`, "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - advance 10h");

test("a 5,000-node link shows its cluster while the engine runs, and Stop keeps what was computed", async ({ page }) => {
  await page.goto(`/#${encode(rollout(5_000))}`);
  const progress = page.locator(".sim-progress");
  await expect(page.locator(".dense-node[data-node]").first()).toBeVisible();
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/Simulating… .* of simulated time, \d+ frames so far/);
  // The page answers meanwhile: a step forward moves the frame.
  const counter = page.locator(".frame-counter");
  await page.locator('[data-action="step-forward"]').click();
  await expect(counter).toHaveAttribute("data-frame", "1");
  await progress.getByRole("button", { name: "Stop" }).click();
  await expect(progress).toHaveCount(0);
  // What was computed stays, and the step under way says it was stopped.
  const frames = Number((await counter.textContent()).match(/of ([\d,]+)/)[1].replace(/,/g, ""));
  expect(frames).toBeGreaterThan(2);
  await page.getByRole("button", { name: "Go to the last frame" }).click();
  await expect(page.locator(".steps li.is-stopped .badge-warn")).toHaveText("stopped");
  await expect(page.locator(".bound-notice")).toHaveAttribute("data-bound", "stopped");
  await expect(page.locator(".timeline .frame-caption")).toContainText("you stopped the simulation");
});

test("playing starts before the simulation is complete, and a link's frame is reached once made", async ({ page }) => {
  await page.goto(`/#${encode(rollout(1_000))}&f=400`);
  const progress = page.locator(".sim-progress");
  const counter = page.locator(".frame-counter");
  await expect(page.locator(".dense-node[data-node]").first()).toBeVisible();
  await expect(counter).toHaveAttribute("data-frame", "400");
  await expect(progress).toBeVisible();
  await page.locator(".speed select").selectOption("100×");
  await page.locator('.timeline [data-action="play"]').click();
  await expect.poll(async () => Number(await counter.getAttribute("data-frame"))).toBeGreaterThan(410);
  // It plays while the engine still runs ahead (the timeline grows under it), then completes.
  await expect(progress).toBeVisible();
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator(".steps li .badge-warn")).toHaveCount(0);
});

test("a console command that takes simulated time runs beside the view, and is answered when done", async ({ page }) => {
  await page.goto(`/#${encode(scenario("  - name: node\n    count: 1000", "  - settle"))}`);
  const progress = page.locator(".sim-progress");
  await expect(page.locator(".dense-node[data-node]").first()).toBeVisible();
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  const counter = page.locator(".frame-counter");
  const framesBefore = Number((await counter.textContent()).match(/of ([\d,]+)/)[1].replace(/,/g, ""));
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl set image ds/agent agent=busybox:1.37");
  await command.press("Enter");
  // The rollout runs a slice at a time (an hour of it, the run-on's bound): the page
  // shows its progress and answers meanwhile.
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(/Simulating… .* of simulated time, \d+ frames so far/);
  await page.locator('[data-action="step-back"]').click();
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  const answer = page.locator(".console-log > li").last();
  await expect(answer).toContainText("kubectl set image ds/agent agent=busybox:1.37");
  await expect(answer).toContainText("daemonset.apps/agent image updated");
  const frames = Number((await counter.textContent()).match(/of ([\d,]+)/)[1].replace(/,/g, ""));
  expect(frames).toBeGreaterThan(framesBefore + 100);
});
