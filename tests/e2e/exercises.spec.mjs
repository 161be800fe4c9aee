// Exercises: a task with goal lines the engine grades after every Apply and command,
// solved by editing YAML and by the console; a wrong attempt says which line fails and
// why; the course's progress survives a reload and travels in a link.
import { test, expect } from "@playwright/test";

const shot = (name) => ({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname, fullPage: false });

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

const panel = (page) => page.locator(".task-panel");
const editor = (page) => page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });

async function run(page, line) {
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill(line);
  await command.press("Enter");
}

test("the control-plane exercise: a wrong attempt breaks a rule, a YAML edit solves it", async ({ page }) => {
  await page.goto("/?exercise=1");
  await expect(panel(page).getByRole("heading", { name: "Exercise 1 of 12" })).toBeVisible();
  await expect(panel(page)).toHaveAttribute("data-done", "false");
  // At the start: the control-plane node has no pod; the goal line says so, with what it sees.
  const cpLine = panel(page).locator('.task-goal li', { hasText: "podsPerNode.cp-01" });
  await expect(cpLine).toHaveAttribute("data-state", "not-yet");
  await expect(cpLine).toContainText("podsPerNode.cp-01: 1 wanted, 0 seen");

  // Hints come one at a time.
  await panel(page).locator('[data-action="hint"]').click();
  await expect(panel(page).locator(".task-hints li")).toHaveCount(1);
  await expect(panel(page).locator('[data-action="hint"]')).toHaveText("Show a hint (2 of 3)");

  // Removing the taint reaches the pods, but breaks two rules: a forbidden command, and a
  // change to something else than the DaemonSet.
  await run(page, "kubectl taint node cp-01 node-role.kubernetes.io/control-plane:NoSchedule-");
  await expect(cpLine).toHaveAttribute("data-state", "held");
  const forbidden = panel(page).locator(".task-constraints li", { hasText: "no `kubectl taint node`" });
  await expect(forbidden).toHaveAttribute("data-state", "broken");
  await expect(forbidden).toContainText(/broken at frame \d+ by `kubectl taint node cp-01/);
  await expect(panel(page).locator(".task-constraints li", { hasText: "only the DaemonSet may change" })).toHaveAttribute("data-state", "broken");
  await expect(panel(page)).toHaveAttribute("data-done", "false");
  await expect(panel(page).locator(".task-verdict")).toHaveText("Not done yet.");
  // "see frame" jumps to where the rule broke.
  await forbidden.locator('[data-action="see-frame"]').click();
  const frame = Number((await forbidden.textContent()).match(/broken at frame (\d+)/)[1]);
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", String(frame - 1));

  // Start again, and tolerate the control plane's taint in the DaemonSet instead.
  await panel(page).locator('[data-action="start-again"]').click();
  await expect(panel(page).locator(".task-constraints li[data-state=broken]")).toHaveCount(0);
  const text = await editor(page).inputValue();
  await editor(page).fill(text.replace("      - key: node-role.kubernetes.io/master", "      - key: node-role.kubernetes.io/control-plane"));
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(panel(page)).toHaveAttribute("data-done", "true");
  await expect(panel(page).locator(".task-verdict")).toContainText("Done");
  await expect(panel(page).locator(".task-goal li[data-state=held]")).toHaveCount(await panel(page).locator(".task-goal li").count());
  await expect(panel(page).locator(".task-progress")).toHaveText("1 of 12 exercises done");
  await page.screenshot(shot("exercise-done"));
});

test("the drain exercise is solved in the console; progress survives a reload and travels in a link", async ({ page, browser }) => {
  await page.goto("/?exercise=10");
  await expect(panel(page).getByRole("heading", { name: "Exercise 10 of 12" })).toBeVisible();
  await expect(panel(page)).toHaveAttribute("data-done", "false");
  // Without the flag kubectl refuses: not done.
  await run(page, "kubectl drain node-02");
  await expect(page.locator(".console-log .console-error").last()).toContainText("cannot delete DaemonSet-managed Pods");
  await expect(panel(page)).toHaveAttribute("data-done", "false");
  await run(page, "kubectl drain node-02 --ignore-daemonsets");
  await expect(panel(page)).toHaveAttribute("data-done", "true");
  await expect(panel(page).locator(".task-progress")).toHaveText("1 of 12 exercises done");
  // The solution is there on request.
  await panel(page).locator('[data-action="solution"]').click();
  await expect(panel(page).locator(".task-solution")).toContainText("$ kubectl drain node-02 --ignore-daemonsets");

  // The next exercise keeps the count; a reload too.
  await panel(page).getByRole("button", { name: "Next exercise" }).click();
  await expect(panel(page).getByRole("heading", { name: "Exercise 11 of 12" })).toBeVisible();
  await page.reload();
  await expect(panel(page).locator(".task-progress")).toHaveText("1 of 12 exercises done");
  await expect(panel(page).locator(".task-progress")).toHaveAttribute("data-done", "10");

  // The link carries it to another browser.
  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await page.locator(".share-text").inputValue();
  expect(link).toContain("&done=10");
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.locator(".task-panel .task-progress")).toHaveText("1 of 12 exercises done");
  await other.close();
});

test("the task panel speaks Chinese", async ({ page }) => {
  await page.goto("/?exercise=6&lang=zh#lang=zh");
  await expect(panel(page).getByRole("heading", { name: "练习 6 / 12" })).toBeVisible();
  await expect(panel(page).locator(".task-statement")).toContainText("滚动更新");
  await expect(panel(page).locator(".task-constraints li").first()).toContainText("任何时刻至少 10 个节点有可用的 DaemonSet Pod");
});
