// The rollout explained: where a node stands in rollingUpdate's decision and what holds
// it, progress in the dense view, chips for every command, bounds said where they
// happen, and a story that opens at its start.
import { test, expect } from "@playwright/test";
import { encode, scenario } from "./fixtures.mjs";

const shot = (name) => ({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname, fullPage: false });

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

/** Whether a person sees the element: what is drawn at its top middle is the element. */
const seen = (locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 16));
    return element.contains(hit);
  });

async function loadFromGallery(page, file) {
  await page.locator('[data-action="gallery"]').click();
  await page.locator(`.gallery-entry[data-gallery-file="gallery/${file}.yaml"]`).getByRole("button", { name: "Load" }).click();
  await expect(page.locator(".apply-state")).toHaveText("Applied");
}

/** Moves the cursor to the end of the step whose chip shows `command`. */
async function toStep(page, command) {
  await page.locator(".steps .step", { has: page.locator("code", { hasText: command }) }).first().click();
}

async function explain(page, node) {
  await page.locator(`.node-card[data-node="${node}"] .node-select`).click();
  return page.locator(`.node-card[data-node="${node}"] + .why-slot .why-rollout`);
}

test("the example opens at its first frame with Play focused, and plays from there", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", "0");
  await expect(page.locator('.timeline [data-action="play"]')).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.locator('.timeline [data-action="play"]')).toHaveAttribute("aria-label", "Pause");
  await expect(page.locator(".frame-counter")).not.toHaveAttribute("data-frame", "0");
});

test("maxUnavailable: a waiting node names the node whose new pod holds the budget, beside the frame's narration", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/");
  await loadFromGallery(page, "node-exporter-rollout");
  await toStep(page, "advance 30s");
  const line = await explain(page, "node-10");
  await expect(line).toHaveAttribute("data-rollout", "waiting");
  await expect(line).toContainText(/maxUnavailable 1: 1 unavailable now \(node-0\d: new pod node-exporter-\w+ ContainerCreating\)/);
  const holder = (await line.textContent()).match(/\((node-0\d): new pod/)[1];
  // The holder's own explanation: its new pod is counted against the budget.
  const held = await explain(page, holder);
  await expect(held).toHaveAttribute("data-rollout", "starting-in-budget");
  await expect(held).toContainText("Being replaced: its new pod is not available yet");
  // Narration and explanation on screen together: the caption rides in the sticky timeline.
  await held.scrollIntoViewIfNeeded();
  expect(await seen(held)).toBe(true);
  expect(await seen(page.locator(".timeline .frame-caption"))).toBe(true);
  await page.screenshot(shot("rollout-why-waiting"));
  // The narration of a sync that replaced a pod says what it decided, within what budget.
  const caption = page.locator(".timeline .frame-caption");
  await page.locator("h1").click();
  for (let i = 0; i < 40 && !/batch/.test(await caption.textContent()); i++) {
    await page.keyboard.press("Shift+ArrowRight");
  }
  await expect(caption).toContainText(
    /daemonset-controller syncs monitoring\/node-exporter: monitoring\/node-exporter: batch \d+, 1 old pod deleted \(maxUnavailable 1, [01] unavailable before\)/,
  );
});

test("maxSurge: a waiting node names the surge pod not yet available", async ({ page }) => {
  await page.goto("/");
  await loadFromGallery(page, "zero-downtime-max-surge");
  await toStep(page, "advance 4s");
  const waiting = page.locator('.why-rollout[data-rollout="waiting"]');
  for (const node of ["node-04", "node-03", "node-02"]) {
    await explain(page, node);
    if (await waiting.count()) break;
  }
  await expect(waiting).toContainText(/maxSurge 1: 1 surge pod\(s\) not yet available \(node-0\d: new pod filebeat-\w+ \w+\)/);
});

test("OnDelete: a node keeps its old pod until its pod is deleted", async ({ page }) => {
  await page.goto("/");
  await loadFromGallery(page, "calico-on-delete-canary");
  // The first settle after the image change: every node still on the old template.
  await page.locator(".steps li").nth(2).locator(".step").click();
  const line = await explain(page, "node-01");
  await expect(line).toHaveAttribute("data-rollout", "waits-for-delete");
  await expect(line).toContainText("OnDelete: it keeps its old pod until you delete it");
});

test("the dense view tells updated nodes from old ones, and a hover says where a node stands", async ({ page }) => {
  const pools = "  - name: node\n    count: 240";
  const steps = "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - advance 20s";
  const text = scenario(pools, steps).replace("  template:", "  updateStrategy:\n    rollingUpdate: {maxUnavailable: 20}\n  template:");
  await page.goto(`/#${encode(text)}`);
  await expect(page.locator(".dense-cluster")).toBeVisible();
  await page.locator(".timeline").getByRole("button", { name: "Go to the last frame" }).click();
  await expect(page.locator("button.dense-node.dense-ok").first()).toBeVisible();
  await expect(page.locator("button.dense-node.dense-ok-old").first()).toBeVisible();
  await expect(page.locator(".dense-legend").getByText("ready, on an old template")).toBeVisible();
  const old = page.locator("button.dense-node.dense-ok-old").last();
  await old.hover();
  await expect(old).toHaveAttribute("title", /Old and waiting: maxUnavailable 20: \d+ unavailable now/);
  await page.screenshot(shot("rollout-dense-old-and-updated"));
});

test("console commands and Applies get chips; a command stopped at a bound says so on its chip and under the status line", async ({ page }) => {
  // A hundred nodes one at a time, each a minute before it counts as available: more
  // than the hour a settle follows.
  const pools = "  - name: node\n    count: 100";
  const steps = "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - settle";
  const text = scenario(pools, steps).replace("spec:\n  selector:", "spec:\n  minReadySeconds: 60\n  selector:");
  await page.goto(`/#${encode(text)}`);
  await page.locator(".timeline").getByRole("button", { name: "Go to the last frame" }).click();
  const stopped = page.locator(".steps li.is-stopped");
  await expect(stopped).toHaveCount(1);
  await expect(stopped.locator(".badge-warn")).toHaveText("stopped");
  const notice = page.locator(".bound-notice");
  await expect(notice).toHaveAttribute("data-bound", "hour");
  await expect(notice).toContainText("`settle` stopped before the cluster came to rest");
  await expect(notice.locator('li[data-daemonset="default/agent"]')).toContainText(/default\/agent: \d+ of 100 pods updated, \d+ available: the rollout is not over/);
  await page.screenshot(shot("rollout-stopped-at-a-bound"));

  // A console command gets a chip of its own after the steps.
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl cordon node-01");
  await command.press("Enter");
  const typed = page.locator(".steps li.is-typed");
  await expect(typed.last()).toContainText("kubectl cordon node-01");
  await expect(typed.last().locator(".step")).toHaveAttribute("aria-current", "step");
  await expect(typed.last().locator(".badge")).toHaveCount(0);
  // A question asked in the console is answered there, not on the timeline.
  const count = await typed.count();
  await command.fill("kubectl get ds");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toContainText("agent");
  await expect(typed).toHaveCount(count);
});

test("the churn of a maxSurge DaemonSet on a node refusing pods stops with its note, and the page keeps answering", async ({ page }) => {
  const text = `apiVersion: dsplay/v1
kind: Scenario
metadata: {name: churn}
spec:
  nodePools: [{name: node, count: 2}]
  steps: [settle]
---
apiVersion: v1
kind: Node
metadata: {name: disk-full}
status:
  conditions:
  - {type: Ready, status: "True"}
  - {type: DiskPressure, status: "True"}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  updateStrategy:
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: "agent:1"}]
`;
  await page.goto(`/#${encode(text)}`);
  await page.locator(".timeline").getByRole("button", { name: "Go to the last frame" }).click();
  await expect(page.locator(".steps li.is-stopped .badge-warn")).toHaveText("stopped");
  const notice = page.locator(".bound-notice");
  await expect(notice).toHaveAttribute("data-bound", "churn");
  await expect(notice).toContainText("DaemonSet default/agent made 100 pods for node disk-full");
  // Still answering: a step back moves the frame.
  const frame = Number(await page.locator(".frame-counter").getAttribute("data-frame"));
  await page.locator('[data-action="step-back"]').click();
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", String(frame - 1));
});
