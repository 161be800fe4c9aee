// The trainer panels over the built playground: why / why not, node actions,
// the rollout chart and keys, event filters, the gallery, the dense view.
import { test, expect } from "@playwright/test";
import { scenario } from "./fixtures.mjs";

const shot = (name) => ({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname, fullPage: false });

async function load(page, text) {
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.fill(text);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.locator(".apply-state")).toHaveText("Applied");
  // A new scenario plays from its start; these tests look at where it ends.
  await page.getByRole("button", { name: "Go to the last frame" }).click();
}

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  // The example opens at its first frame; these tests start where it ends.
  await page.getByRole("button", { name: "Go to the last frame" }).click();
});

test("at 1366x768 the first screen shows node cards, and the why panel opens under its card", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeInViewport({ ratio: 0.5 });

  await page.locator('.node-card[data-node="node-02"] .node-select').click();
  // The panel is the list item right after the card, a whole row of the grid.
  const slot = page.locator('.node-card[data-node="node-02"] + .why-slot');
  await expect(slot.getByRole("heading", { name: "Why / why not on node-02" })).toBeFocused();
  await expect(page.locator('.node-card[data-node="node-02"]')).toBeInViewport();
  await expect(slot.getByRole("heading", { name: "Why / why not on node-02" })).toBeInViewport();
  // Another node moves it; Close hands focus back to that node's name.
  await page.locator('.node-card[data-node="gpu-01"] .node-select').click();
  await expect(page.locator(".why-slot")).toHaveCount(1);
  await expect(page.locator('.node-card[data-node="gpu-01"] + .why-slot')).toBeVisible();
  await page.locator(".why-slot").getByRole("button", { name: "Close" }).click();
  await expect(page.locator(".why-slot")).toHaveCount(0);
  await expect(page.locator('.node-card[data-node="gpu-01"] .node-select')).toBeFocused();

  // "Cluster only" gives the page to the cluster; the editor comes back with its text.
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  const text = await editor.inputValue();
  const only = page.getByRole("button", { name: "Cluster only" });
  await only.click();
  await expect(only).toHaveAttribute("aria-pressed", "true");
  await expect(editor).toBeHidden();
  await expect(page.locator(".scenario-description")).toBeHidden();
  expect((await page.locator(".cluster-pane").boundingBox()).width).toBeGreaterThan(1200);
  await only.click();
  await expect(only).toHaveAttribute("aria-pressed", "false");
  await expect(editor).toBeVisible();
  await expect(editor).toHaveValue(text);

  // A scenario of many steps scrolls its step list, never the controls out of the box.
  await page.locator('[data-action="gallery"]').click();
  await page.locator('.gallery-entry[data-gallery-file="gallery/calico-on-delete-canary.yaml"]').getByRole("button", { name: "Load" }).click();
  await expect(page.locator(".apply-state")).toHaveText("Applied");
  await expect(page.getByRole("button", { name: /^(Play|Pause)$/ })).toBeInViewport();
  await expect(page.locator(".frame-counter")).toBeInViewport();
});

/** Whether a person sees the element: what is drawn at its top middle is the element
 * (not the sticky timeline or the docked console over it, nor outside the window). */
const seen = (locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 16));
    return element.contains(hit);
  });

test("at 1280x720 the console docks under the node cards, and the node a command names stays in sight", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const command = page.getByRole("textbox", { name: "Command" });
  // "/" goes to the prompt from anywhere outside a field, and brings nodes into sight.
  await page.locator("body").press("/");
  await expect(command).toBeFocused();
  await expect(command).toHaveValue("");
  expect(await seen(command)).toBe(true);
  expect(await seen(page.locator(".node-card").first())).toBe(true);

  await command.fill("kubectl cordon node-03");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-03 cordoned");
  const cordoned = page.locator('.node-card[data-node="node-03"]');
  await expect(cordoned).toHaveClass(/is-cordoned/);
  expect(await seen(cordoned)).toBe(true);
  expect(await seen(page.locator(".console-log .console-output").last())).toBe(true);
  // A node further down the pane is brought up above the console.
  await command.fill("kubectl label node gpu-02 disk=ssd");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/gpu-02 labeled");
  const labeled = page.locator('.node-card[data-node="gpu-02"]');
  await expect(labeled).toContainText("disk=ssd");
  expect(await seen(labeled)).toBe(true);
  expect(await seen(command)).toBe(true);
  await page.screenshot(shot("console-docked"));

  // Focus elsewhere, the console is back in its place after the chart.
  await labeled.locator(".node-select").click();
  await expect(page.locator(".cluster-pane > .console")).toHaveCSS("position", "static");
  // In the editor "/" is only a character.
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.focus();
  await editor.press("End");
  await editor.press("/");
  await expect(editor).toBeFocused();

  // One column (a narrow window): "/" scrolls the page to the prompt, which does not dock.
  await page.setViewportSize({ width: 800, height: 700 });
  await page.locator("#cluster-heading").click();
  await page.keyboard.press("/");
  await expect(command).toBeFocused();
  await expect(command).toBeInViewport();
  await expect(page.locator(".cluster-pane > .console")).toHaveCSS("position", "static");
});

test("a taint from the why panel's form that evicts the pod leaves the field in sight", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/");
  await page.locator('.node-card[data-node="node-02"] .node-select').click();
  const taint = page.locator('.why-panel [data-node-input="taint"]');
  await taint.fill("dedicated=db:NoExecute");
  await taint.press("Enter");
  await expect(page.locator(".why-panel .node-action-answer")).toHaveText("node/node-02 tainted");
  // The pod goes and the scheduler's rows with it: the explanation above the field
  // shrinks, and the field stays where it was instead of sliding under the timeline.
  await expect(page.locator('.why-ds[data-daemonset="node-logger"]')).toHaveAttribute("data-outcome", "NotEligible");
  await expect(taint).toBeFocused();
  expect(await seen(taint)).toBe(true);

  // Actions run at the end of the timeline: at the first frame, before any pod exists,
  // another node's delete-pod button says its pod is there only at the end.
  await page.getByRole("button", { name: "Go to the first frame" }).click();
  await page.locator('.node-card[data-node="node-03"] .node-select').click();
  await expect(page.locator('.why-panel [data-node-action="delete-pod"]')).toContainText("(there at the end of the timeline)");
});

test("why / why not: an untolerated control-plane taint, a cordon tolerated by the controller", async ({ page }) => {
  await load(
    page,
    scenario(
      "  - {name: cp, count: 1, role: control-plane}\n  - {name: node, count: 2}",
      "  - settle\n  - kubectl cordon node-02\n  - settle",
    ),
  );
  await expect(page.locator(".why-hint")).toBeVisible();

  // A click on the card explains the node.
  await page.locator('.node-card[data-node="cp-01"]').click();
  const panel = page.locator(".why-panel");
  await expect(panel.getByRole("heading", { name: "Why / why not on cp-01" })).toBeVisible();
  const cp = panel.locator('.why-ds[data-daemonset="agent"]');
  await expect(cp).toHaveAttribute("data-outcome", "NotEligible");
  await expect(cp.locator(".badge")).toContainText("no pod");
  const taint = cp.locator(".why-rules:not(.why-decider) .rule.is-fail", { hasText: "node-role.kubernetes.io/control-plane:NoSchedule" });
  await expect(taint).toContainText("not tolerated. NoSchedule: shouldRun is false");
  // The rule that decides it comes right under the summary, before the whole list.
  const decider = cp.getByRole("list", { name: "The rule that decides it" });
  await expect(decider.locator(".rule")).toHaveCount(1);
  await expect(decider.locator(".rule.is-fail")).toContainText("node-role.kubernetes.io/control-plane:NoSchedule");
  await expect(cp).toContainText("shouldRun = false, shouldContinueRunning = true");
  await expect(cp).toContainText("the scheduler is never asked");

  // Enter on a node's name selects it too.
  await page.locator('.node-card[data-node="node-02"] .node-select').focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("heading", { name: "Why / why not on node-02" })).toBeVisible();
  const cordoned = panel.locator('.why-ds[data-daemonset="agent"]');
  await expect(cordoned).toHaveAttribute("data-outcome", "Running");
  await expect(cordoned.locator(".why-decider")).toHaveCount(0);
  await expect(cordoned.locator(".rule.is-pass", { hasText: "node.kubernetes.io/unschedulable:NoSchedule" })).toContainText(
    "tolerated by the toleration the DaemonSet controller adds to every daemon pod node.kubernetes.io/unschedulable:NoSchedule op=Exists",
  );
  await expect(cordoned.locator(".why-plugins .rule")).toHaveCount(6);
  await expect(cordoned.locator(".why-plugins .rule.is-fail")).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot(shot("why-panel"));

  // The panel speaks Chinese too.
  await page.getByLabel("Language").selectOption("zh-Hans");
  await expect(cordoned).toContainText("已被 DaemonSet 控制器自动添加到每个 DaemonSet Pod 的容忍度");
  await page.getByLabel("语言").selectOption("en");
});

test("a Pending pod shows the scheduler's verdict and its FailedScheduling message", async ({ page }) => {
  await load(
    page,
    scenario("  - {name: small, count: 1, allocatable: {cpu: 100m}}", "  - settle").replace(
      "        image: busybox:1.36\n",
      "        image: busybox:1.36\n        resources:\n          requests: {cpu: \"1\"}\n",
    ),
  );
  await page.locator('.node-card[data-node="small-01"]').click();
  const ds = page.locator('.why-panel .why-ds[data-daemonset="agent"]');
  await expect(ds).toHaveAttribute("data-outcome", "Pending");
  await expect(ds.locator(".why-plugins .rule.is-fail")).toContainText("NodeResourcesFit");
  await expect(ds.locator(".why-failed")).toContainText("Insufficient cpu");
});

test("cordon from the node's actions: console output, node marked", async ({ page }) => {
  await page.locator('.node-card[data-node="node-01"]').click();
  await page.locator('.why-panel [data-node-action="cordon"]').click();
  // The console reads like a terminal: the newest command is the last one.
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-01 cordoned");
  // ... and beside the button that ran it.
  await expect(page.locator(".why-panel .node-action-answer")).toHaveText("node/node-01 cordoned");
  const card = page.locator('.node-card[data-node="node-01"]');
  await expect(card).toHaveClass(/is-cordoned/);
  await expect(page.locator('.why-panel [data-node-action="uncordon"]')).toBeVisible();
  // The answer takes the focus, not the Uncordon button now under the pointer: Space
  // then plays, as everywhere else, instead of undoing the cordon.
  await expect(page.locator(".why-panel .node-action-answer")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.locator(".console-log > li")).toHaveCount(1);
  await expect(card).toHaveClass(/is-cordoned/);
  // A label through the form, as kubectl label prints it.
  await page.locator('.why-panel [data-node-input="label"]').fill("disk=ssd");
  await page.locator('.why-panel [data-node-input="label"]').press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-01 labeled");
  // The answer under the buttons is the form's now, not the cordon's.
  await expect(page.locator(".why-panel .node-action-answer")).toHaveText("node/node-01 labeled");
  await expect(page.locator(".console-log > li")).toHaveCount(2);
  // The form is cleared once kubectl took the label; a refused one stays, with what is expected.
  const label = page.locator('.why-panel [data-node-input="label"]');
  await expect(label).toHaveValue("");
  // A word that is no label would be read by kubectl as another node: refused before it runs.
  await label.fill("bad label");
  await label.press("Enter");
  const refused = page.locator('.why-panel [data-node-error="label"]');
  await expect(refused).toContainText('"bad"');
  await expect(refused).toContainText("key=value");
  await expect(label).toHaveValue("bad label");
  await expect(page.locator(".console-log > li")).toHaveCount(2);
  // kubectl's own refusal, for a label it reads and rejects.
  await label.fill("a=b=c");
  await label.press("Enter");
  await expect(refused).toContainText("error: invalid label spec: a=b=c");
  await label.fill("bad label");
  await label.press("Enter");
  await expect(label).toHaveValue("bad label");
  // A refused taint says so under its own form; the label's refusal stays under the label.
  const taint = page.locator('.why-panel [data-node-input="taint"]');
  await taint.fill("bad taint");
  await taint.press("Enter");
  await expect(page.locator('.why-panel [data-node-error="taint"]')).toContainText('"bad"');
  await expect(refused).toContainText('"bad"');
  // The node's daemon pod can be deleted (how OnDelete updates a node): kubectl waits
  // for it to go, and the controller replaces it with a pod of another name.
  const deletePod = page.locator('.why-panel [data-node-action="delete-pod"]');
  await expect(deletePod).toHaveCount(1);
  const pod = await deletePod.getAttribute("data-pod");
  await deletePod.click();
  await expect(page.locator(".console-log .console-output").last()).toHaveText(`pod "${pod}" deleted from default namespace`);
  await expect(deletePod).toHaveCount(1);
  await expect(deletePod).not.toHaveAttribute("data-pod", pod);
  // Node up only for a node whose kubelet is down, Node down only for a live one.
  await expect(page.locator('.why-panel [data-node-action="up"]')).toHaveCount(0);
  await page.locator('.why-panel [data-node-action="down"]').click();
  await expect(page.locator('.why-panel [data-node-action="up"]')).toBeVisible();
  await expect(page.locator('.why-panel [data-node-action="down"]')).toHaveCount(0);
  // A deleted node offers no action at all.
  await page.locator('.why-panel [data-node-action="delete"]').click();
  await expect(page.locator(".why-panel [data-node-action]")).toHaveCount(0);
  // The button went with the node; the focus goes to the panel, not to the page's top.
  await expect(page.locator("#why-heading")).toBeFocused();
});

test("rollout chart, scrubber markers and the timeline keys", async ({ page }) => {
  const chart = page.locator('.rollout-chart .chart[data-daemonset="default/node-logger"]');
  await expect(chart.locator("polyline.updated")).toHaveAttribute("points", /\d/);
  await expect(chart.locator("polyline.available")).toHaveAttribute("points", /\d/);
  await expect(page.locator(".scrubber-marker.marker-update")).toHaveCount(1);
  await expect(page.locator(".scrubber-marker.marker-complete")).not.toHaveCount(0);
  // maxUnavailable 1 on five nodes: five batches, each one old pod, each named by a
  // marker (markers too close to tell apart share one target, which names them all).
  const labels = (await page.locator(".scrubber-marker").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).join("; ");
  for (const number of [1, 2, 3, 4, 5]) {
    expect(labels).toContain(`default/node-logger: batch ${number}, 1 old pod deleted`);
  }
  // One target per frame: no two markers stand on the same frame.
  const frames = await page.locator(".scrubber-marker[data-marker-frame]").evaluateAll((els) => els.map((e) => e.dataset.markerFrame));
  expect(new Set(frames).size).toBe(frames.length);

  const counter = page.locator(".frame-counter");
  const total = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  await page.locator("h1").click();
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`Frame ${total - 1} of ${total}`);
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`Frame ${total} of ${total}`);
  await page.locator(".scrubber-marker.marker-update").click();
  const at = Number((await counter.textContent()).match(/Frame (\d+)/)[1]);
  expect(at).toBeLessThan(total);
  // Shift+→ jumps to the next marked frame, Shift+← back (the counter is 1-based).
  const marked = [...new Set(await page.locator(".scrubber-marker[data-marker-frame]").evaluateAll((els) => els.map((e) => Number(e.dataset.markerFrame))))].sort((a, b) => a - b);
  const next = marked.find((frame) => frame + 1 > at);
  // Focus is still on the clicked marker: the timeline takes Shift+→ all the same. It
  // stops at the next marked frame, which may be inside the next target's group.
  await page.keyboard.press("Shift+ArrowRight");
  await expect(counter).not.toHaveText(`Frame ${at} of ${total}`);
  const moved = Number((await counter.textContent()).match(/Frame (\d+)/)[1]);
  expect(moved).toBeGreaterThan(at);
  expect(moved).toBeLessThanOrEqual(next + 1);
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(counter).toHaveText(`Frame ${at} of ${total}`);
  // A marker or a step chip, clicked, leaves the plain arrows to the timeline too.
  await page.locator(".scrubber-marker.marker-update").click();
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`Frame ${at + 1} of ${total}`);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`Frame ${at} of ${total}`);
  await page.locator(".steps .step").first().click();
  const stepAt = Number((await counter.textContent()).match(/Frame (\d+)/)[1]);
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`Frame ${stepAt + 1} of ${total}`);
  await page.locator(".scrubber-marker.marker-update").click();
  // Typing in the console does not step the timeline.
  await page.getByRole("textbox", { name: "Command" }).press("ArrowLeft");
  await expect(counter).toHaveText(`Frame ${at} of ${total}`);
  await page.locator("h1").click();
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  // On the scrubber, Space plays too (a slider has no use for it).
  await page.locator(".scrubber").focus();
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
});

test("events filter by node", async ({ page }) => {
  const rows = page.locator(".events tbody tr");
  // The Events section of kubectl describe, with the OBJECT of kubectl get events.
  await expect(page.locator(".events thead th")).toHaveText(["Type", "Reason", "Age", "From", "Object", "Message"]);
  const all = await rows.count();
  await page.locator('.event-filters select[data-filter="node"]').selectOption("node-02");
  await expect(rows.first()).toBeVisible();
  const filtered = await rows.count();
  expect(filtered).toBeLessThan(all);
  for (const text of await rows.allTextContents()) {
    expect(text).toMatch(/node-02|node-logger-/);
  }
  for (const object of await rows.locator("td:nth-child(5)").allTextContents()) {
    expect(object).toMatch(/^(pod\/node-logger-\w+|node\/node-02|daemonset\/node-logger)$/);
  }
  // Every event of gpu-01's pods, the one the rollout replaced included, oldest first.
  await page.locator('.event-filters select[data-filter="node"]').selectOption("gpu-01");
  await expect(rows.locator("td:nth-child(2)")).toHaveText(["Scheduled", "Pulled", "Created", "Started", "Killing", "Scheduled", "Pulled", "Created", "Started"]);
  await expect(rows.locator("td:nth-child(4)")).toHaveText(["default-scheduler", "kubelet", "kubelet", "kubelet", "kubelet", "default-scheduler", "kubelet", "kubelet", "kubelet"]);
});

test("the events list shows the newest fifty, and older ones on request", async ({ page }) => {
  const rows = page.locator(".events tbody tr");
  const shown = page.locator(".events-shown");
  await expect(shown).toHaveText(/^50 of \d+$/);
  const total = Number((await shown.textContent()).split(" of ")[1]);
  expect(total).toBeGreaterThan(50);
  await expect(rows).toHaveCount(50);
  await page.getByRole("button", { name: "Show older" }).click();
  await expect(rows).toHaveCount(Math.min(total, 100));
  await expect(shown).toHaveText(`${Math.min(total, 100)} of ${total}`);
});

test("the gallery loads a scenario and asks before replacing edits", async ({ page }) => {
  const toggle = page.locator('[data-action="gallery"]');
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  // Focus goes into the panel, at its heading: Tab walks the entries next.
  await expect(page.getByRole("heading", { name: "Scenario gallery" })).toBeFocused();
  const entry = page.locator('.gallery-entry[data-gallery-file="gallery/cordon-and-drain.yaml"]');
  await entry.getByRole("button", { name: "Load" }).click();
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await expect(editor).toHaveValue(/kubectl drain/);
  await expect(page.locator(".apply-state")).toHaveText("Applied");
  // The gallery closes on the loaded scenario; a shipped text replaced nothing to restore.
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // A story opens at its first frame, to be played, not at the end it tells, with the
  // focus on Play: Space plays it (on the gallery's button it opened the gallery again).
  await expect(page.locator(".frame-counter")).toHaveText(/^Frame 1 of \d+$/);
  await expect(page.locator('[data-action="play"]')).toBeFocused();
  await expect(page.locator("[data-restore-work]")).toHaveCount(0);
  await toggle.click();

  // An unapplied edit is not replaced without asking, and stays recoverable.
  await editor.fill((await editor.inputValue()) + "\n# my note\n");
  await page.locator('.gallery-entry[data-gallery-file="../shared/conformance/basic-every-node.yaml"]').getByRole("button", { name: "Load" }).click();
  await expect(page.locator(".gallery-confirm")).toBeVisible();
  // The question stands beside the entry clicked, with focus on its answer.
  const lowEntry = page.locator('.gallery-entry[data-gallery-file="../shared/conformance/basic-every-node.yaml"]');
  await expect(lowEntry.locator(".gallery-confirm")).toBeVisible();
  await expect(page.locator('[data-gallery-confirm="replace"]')).toBeFocused();
  // Escape answers Cancel, back on the entry's Load; asking again, Enter replaces.
  await page.keyboard.press("Escape");
  await expect(page.locator(".gallery-confirm")).toHaveCount(0);
  await expect(lowEntry.getByRole("button", { name: "Load" })).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-gallery-confirm="replace"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor).not.toHaveValue(/# my note/);
  await page.locator("[data-restore-work]").click();
  await expect(editor).toHaveValue(/# my note/);
  await expect(page.locator("[data-restore-work]")).toHaveCount(0);

  // Escape closes the gallery, back on its button, from inside the panel or outside it.
  await toggle.click();
  await page.locator('.gallery-entry').first().getByRole("button").focus();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await toggle.click();
  await page.getByRole("button", { name: "Copy link" }).focus();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
});

test("Reset replaces the work but offers it back, console commands included", async ({ page }) => {
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl cordon node-02");
  await command.press("Enter");
  const card = page.locator('.node-card[data-node="node-02"]');
  await expect(card.locator(".node-flags")).toContainText("SchedulingDisabled");
  await page.getByRole("button", { name: "Reset scenario" }).click();
  await expect(card).not.toContainText("SchedulingDisabled");
  await page.locator("[data-restore-work]").click();
  await expect(card.locator(".node-flags")).toContainText("SchedulingDisabled");
  await expect(page.locator(".console-log")).toContainText("kubectl cordon node-02");
});

test("Reset goes back to the gallery entry the work began from, after a reload too", async ({ page }) => {
  await page.locator('[data-action="gallery"]').click();
  await page.locator('.gallery-entry[data-gallery-file="gallery/cordon-and-drain.yaml"]').getByRole("button", { name: "Load" }).click();
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.fill((await editor.inputValue()).replace("kubectl drain", "kubectl  drain"));
  await page.waitForFunction(() => localStorage.getItem("dsplay.work")?.includes("kubectl  drain"));
  await page.reload();
  await expect(editor).toHaveValue(/kubectl {2}drain/);
  const reset = page.getByRole("button", { name: "Reset scenario" });
  await expect(reset).toHaveAttribute("title", /drain/i);
  await reset.click();
  await expect(editor).toHaveValue(/kubectl drain/);
  await expect(editor).not.toHaveValue(/kubectl {2}drain/);
});

test("more than 200 nodes switch to the dense view", async ({ page }) => {
  await load(page, scenario("  - {name: node, count: 250}", "  - settle"));
  await expect(page.locator(".dense-node[data-node]")).toHaveCount(250);
  await expect(page.locator(".node-card")).toHaveCount(0);
  const square = page.locator('.dense-node[data-node="node-117"]');
  await expect(square).toHaveAttribute("aria-label", /node-117: every daemon pod ready/);
  await square.click();
  await expect(page.locator(".why-panel").getByRole("heading", { name: "Why / why not on node-117" })).toBeVisible();

  // By keyboard the squares are one Tab stop (the selected one), walked with the arrows.
  await expect(page.locator('.dense-node[data-node][tabindex="0"]')).toHaveCount(1);
  await square.focus();
  const frame = await page.locator(".frame-counter").textContent();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator('.dense-node[data-node="node-118"]')).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const below = page.locator(".dense-node[data-node]:focus");
  expect(await below.evaluate((el) => el.offsetTop)).toBeGreaterThan(await square.evaluate((el) => el.offsetTop));
  await page.keyboard.press("End");
  const last = page.locator(".dense-node[data-node]").last();
  await expect(last).toBeFocused();
  const lastName = await last.getAttribute("data-node");
  await expect(page.locator('.dense-node[data-node][tabindex="0"]')).toHaveCount(1);
  // The arrows stayed with the squares: the timeline did not step.
  await expect(page.locator(".frame-counter")).toHaveText(frame);
  await page.keyboard.press("Enter");
  await expect(page.locator(".why-panel").getByRole("heading", { name: `Why / why not on ${lastName}` })).toBeVisible();
  await expect(page.locator('.dense-node[data-node][tabindex="0"]')).toHaveCount(1);
});

test("the pool editor rewrites spec.nodePools and loads it", async ({ page }) => {
  await page.locator(".pool-editor > summary").click();
  // A new pool's name is what comes next: it has the focus.
  await page.getByRole("button", { name: "Add pool" }).click();
  await expect(page.locator(".pool-row").last().getByLabel("Name")).toBeFocused();
  await page.locator(".pool-row").last().getByRole("button", { name: /^Remove/ }).click();
  const row = page.locator('.pool-row[data-pool="node"]');
  await row.getByLabel("Nodes").fill("4");
  await row.getByLabel("Nodes").blur();
  await page.locator("[data-pools-save]").click();
  await expect(page.locator(".node-card")).toHaveCount(6);
  await expect(page.getByRole("textbox", { name: "Scenario and manifests (YAML)" })).toHaveValue(/count: 4/);
  await expect(page.locator(".apply-state")).toHaveText("Applied");
  // A label the API server refuses: said by the form too, not only under the editor.
  await row.getByLabel("Labels (k=v, comma-separated)").fill("-bad=x");
  await row.getByLabel("Labels (k=v, comma-separated)").blur();
  await page.locator("[data-pools-save]").click();
  await expect(page.locator(".pool-editor .why-failed")).toContainText("spec.nodePools[0].labels");
  await expect(row.getByLabel("Labels (k=v, comma-separated)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".node-card")).toHaveCount(6);
  // An edit like one made by hand: nothing was replaced, so nothing is offered back.
  await expect(page.locator(".displaced-notice")).toHaveCount(0);
  // A taint the form cannot read is refused by the form itself: the field is marked,
  // described by the refusal, and given focus.
  const taints = row.getByLabel("Taints (k=v:Effect, comma-separated)");
  await taints.fill("justakey");
  await taints.blur();
  await page.locator("[data-pools-save]").click();
  await expect(taints).toHaveAttribute("aria-invalid", "true");
  await expect(taints).toHaveAttribute("aria-describedby", "pools-problem");
  await expect(taints).toBeFocused();
  await expect(page.locator("#pools-problem")).toContainText("justakey");
  // In another pool, the refusal stands in that pool's row, by the field.
  await taints.fill("");
  await row.getByLabel("Labels (k=v, comma-separated)").fill("");
  const gpuTaints = page.locator('.pool-row[data-pool="gpu"]').getByLabel("Taints (k=v:Effect, comma-separated)");
  await gpuTaints.fill("justakey");
  await gpuTaints.blur();
  await page.locator("[data-pools-save]").click();
  await expect(page.locator('.pool-row[data-pool="gpu"] #pools-problem')).toContainText("spec.nodePools[1].taints");
  await expect(gpuTaints).toBeFocused();
  // An effect the API server refuses for the pool's nodes is said by the form, with focus on it.
  await gpuTaints.fill("a=b:Sometimes");
  await gpuTaints.blur();
  await page.locator("[data-pools-save]").click();
  await expect(page.locator(".pool-editor #pools-problem")).toContainText("Unsupported value: \"Sometimes\"");
  // The field the answer names is marked, described by it, and given focus.
  await expect(gpuTaints).toHaveAttribute("aria-invalid", "true");
  await expect(gpuTaints).toHaveAttribute("aria-describedby", "pools-problem");
  await expect(gpuTaints).toBeFocused();
});

test("Tab through a story's many step chips keeps the focused one in sight", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.locator('[data-action="gallery"]').click();
  await page.locator('.gallery-entry[data-gallery-file="gallery/myth-surge-and-unavailable.yaml"]').getByRole("button", { name: "Load" }).click();
  const chips = page.locator(".steps .step");
  expect(await chips.count()).toBeGreaterThan(12);
  await chips.first().focus();
  const list = page.locator(".cluster-pane > .timeline .steps");
  for (let i = 1; i < 12; i++) {
    await page.keyboard.press("Tab");
    await expect(chips.nth(i)).toBeFocused();
    // The focused chip lies within the list's visible box.
    const inSight = await list.evaluate((list, i) => {
      const chip = list.querySelectorAll(".step")[i].getBoundingClientRect();
      const box = list.getBoundingClientRect();
      return chip.top >= box.top - 1 && chip.bottom <= box.bottom + 1;
    }, i);
    expect(inSight, `chip ${i + 1}`).toBe(true);
  }
});
