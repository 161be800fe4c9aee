// The built playground, clicked through in headless Chromium.
import { test, expect } from "@playwright/test";

const shot = (name) => ({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname, fullPage: true });

// The example scenario (crates/web/scenarios/getting-started.yaml): two pools.
const EXAMPLE_NODES = ["gpu-01", "gpu-02", "node-01", "node-02", "node-03"];

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  // The example opens at its first frame (rollout.spec.mjs); these start where it ends.
  await page.getByRole("button", { name: "Go to the last frame" }).click();
});

test("first screen: title, editor, a daemon pod on every node", async ({ page }) => {
  await expect(page).toHaveTitle("DaemonSet Playground");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("DaemonSet Playground");
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await expect(editor).toHaveValue(/kind: Scenario/);

  const nodes = page.locator(".node-card");
  await expect(nodes).toHaveCount(EXAMPLE_NODES.length);
  for (const name of EXAMPLE_NODES) {
    const card = page.locator(`.node-card[data-node="${name}"]`);
    await expect(card.locator(".pod-chip")).toHaveCount(1);
    await expect(card.locator(".pod-chip .pod-status")).toHaveText("Running");
  }
  // Pools are the node names without their number, in the order the scenario lists them.
  await expect(page.locator(".pool-name")).toHaveText([/Pool node · 3 nodes/, /Pool gpu · 2 nodes/]);
  // A card shows the pool's labels as badges and what its pods request (the logger: 100m, 64Mi).
  const gpu = page.locator('.node-card[data-node="gpu-01"]');
  await expect(gpu.locator(".badge-label")).toHaveText(["accelerator=nvidia"]);
  await expect(gpu.locator(".node-usage")).toContainText("100m (2%)");
  await expect(gpu.locator(".node-usage")).toContainText("64Mi (0%)");
  await expect(gpu.locator(".node-usage")).toContainText("1 / 110");
  // kubectl get ds -A, from the DaemonSet status, as kubectl prints it.
  await expect(page.locator(".status-line caption")).toHaveText("$ kubectl get ds -A");
  await expect(page.locator(".status-line thead th")).toHaveText(
    ["NAMESPACE", "NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"],
  );
  const row = page.locator('.status-line tr[data-daemonset="node-logger"]');
  await expect(row).toBeVisible();
  await expect(row.locator('[data-col="namespace"]')).toHaveText("default");
  for (const col of ["desired", "current", "ready", "up-to-date", "available"]) {
    await expect(row.locator(`[data-col="${col}"]`)).toHaveText("5");
  }
  await expect(row.locator('[data-col="node-selector"]')).toHaveText("<none>");
  await expect(row.locator('[data-col="age"]')).toHaveText(/^\d+(s|m|m\d+s)$/);
  await page.screenshot(shot("first-screen"));
});

test("a broken manifest shows its line and leaves the cluster as it was", async ({ page }) => {
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  const text = await editor.inputValue();
  const lines = text.split("\n");
  // YAML forbids tabs in indentation: the parser stops at this very line.
  const broken = lines.findIndex((line) => line.trim() === "count: 3");
  lines[broken] = "\tcount: 3";
  await editor.fill(lines.join("\n"));
  await expect(page.locator(".apply-state")).toHaveText("Edited, not applied");
  await page.getByRole("button", { name: "Apply" }).click();

  const error = page.locator("#manifest-error");
  await expect(error).toBeVisible();
  await expect(page.locator(".apply-state")).toHaveText("Refused: see below");
  await expect(error).toContainText(`Line ${broken + 1}:`);
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".gutter .ln-error")).toHaveText(String(broken + 1));
  // The line in the message selects that line in the editor.
  await page.getByRole("button", { name: `Select line ${broken + 1} in the editor` }).click();
  await expect(editor).toBeFocused();
  const selected = await editor.evaluate((e) => e.value.slice(e.selectionStart, e.selectionEnd));
  expect(selected).toBe("\tcount: 3");
  // The last good scenario is still on screen.
  await expect(page.locator(".node-card")).toHaveCount(EXAMPLE_NODES.length);
  await expect(page.locator(".pod-chip")).toHaveCount(EXAMPLE_NODES.length);
  await page.screenshot(shot("broken-yaml"));

  // Fixing it and applying with the keyboard clears the error.
  lines[broken] = "    count: 3";
  await editor.fill(lines.join("\n"));
  await editor.press("Control+Enter");
  await expect(error).toBeHidden();
  await expect(page.locator(".apply-state")).toHaveText("Applied");
});

test("Enter in the editor keeps the YAML's indentation, and one undo takes it back", async ({ page }) => {
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  const text = await editor.inputValue();
  const line = "    count: 3";
  const end = text.indexOf(line) + line.length;
  await editor.evaluate((e, at) => { e.focus(); e.setSelectionRange(at, at); }, end);
  await page.keyboard.press("Enter");
  await page.keyboard.type("labels: {disk: ssd}");
  const typed = await editor.inputValue();
  expect(typed).toContain(`${line}\n    labels: {disk: ssd}\n`);
  // The new pool label applies: the indentation kept the field in its pool.
  await editor.press("Control+Enter");
  await expect(page.locator(".apply-state")).toHaveText("Applied");
  await expect(page.locator('.node-card[data-node="node-01"]')).toContainText("disk=ssd");
  // After a block's key, the next line goes one level in.
  const steps = (await editor.inputValue()).indexOf("  steps:") + "  steps:".length;
  await editor.evaluate((e, at) => { e.focus(); e.setSelectionRange(at, at); }, steps);
  await page.keyboard.press("Enter");
  expect(await editor.evaluate((e) => e.value.slice(e.selectionStart - 6, e.selectionStart))).toBe(":\n    ");
  // The browser's own undo takes the line break and its spaces back at once.
  await page.keyboard.press("Control+z");
  expect(await editor.inputValue()).toBe(typed);
});

test("the API server's answer points at the line of the field it names", async ({ page }) => {
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  const lines = (await editor.inputValue()).split("\n");
  // Both budgets non-zero: valid YAML, rejected by the API server's validation.
  const selector = lines.findIndex((line, i) => i > lines.indexOf("kind: DaemonSet") && line === "  selector:");
  lines.splice(selector, 0, "  updateStrategy:", "    rollingUpdate:", "      maxUnavailable: 1", "      maxSurge: 1");
  await editor.fill(lines.join("\n"));
  await page.getByRole("button", { name: "Apply" }).click();
  const error = page.locator("#manifest-error");
  await expect(error).toContainText(`Line ${selector + 4}:`);
  await expect(error).toContainText("spec.updateStrategy.rollingUpdate.maxSurge: Invalid value");
  await expect(error).toContainText("may not be set when maxUnavailable is non-zero");
  await expect(page.locator(".gutter .ln-error")).toHaveText(String(selector + 4));
  await expect(page.locator(".pod-chip")).toHaveCount(EXAMPLE_NODES.length);

  // Several field errors: each listed with its path, each line marked.
  const fixed = lines.filter((line) => !/maxSurge|maxUnavailable|rollingUpdate|updateStrategy/.test(line));
  const image = fixed.findIndex((line) => line.trim() === "image: nginx:1.24");
  fixed[image] = fixed[image].replace("image: nginx:1.24", "imagePullPolicy: Sometimes");
  await editor.fill(fixed.join("\n"));
  await page.getByRole("button", { name: "Apply" }).click();
  const items = error.locator(".error-details li");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("spec.template.spec.containers[0].image: Required value");
  await expect(items.nth(1)).toContainText('spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes"');
  await expect(items.nth(1)).toContainText(`Line ${image + 1}:`);
  await expect(page.locator(".gutter .ln-error")).toHaveCount(2);
});

test("Apply of a new image acts like kubectl apply: a rollout on the running cluster", async ({ page }) => {
  const counter = page.locator(".frame-counter");
  const before = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.fill((await editor.inputValue()).replace("image: nginx:1.24", "image: nginx:1.26"));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".apply-state")).toHaveText("Applied");
  // The timeline grew from where the cluster was; the view jumped to the apply and plays.
  await expect(page.locator(".console-log")).toContainText("kubectl apply -f node-logger");
  await expect(page.locator(".console-log")).toContainText("daemonset.apps/node-logger configured");
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  const after = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  expect(after).toBeGreaterThan(before + 5);
  // At the end every node runs the third revision (r1, set image r2, this apply r3).
  await page.getByRole("button", { name: "Go to the last frame" }).click();
  await expect(page.locator(".pod-chip .pod-rev", { hasText: "r3" })).toHaveCount(EXAMPLE_NODES.length);
});

test("stepping forward and back moves through the recorded frames", async ({ page }) => {
  const counter = page.locator(".frame-counter");
  const total = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  expect(total).toBeGreaterThan(2);
  await expect(counter).toHaveText(`Frame ${total} of ${total}`);

  await page.getByRole("button", { name: "Go to the first frame" }).click();
  await expect(counter).toHaveText(`Frame 1 of ${total}`);
  const stepForward = page.getByRole("button", { name: "Step forward" });
  const stepBack = page.getByRole("button", { name: "Step back" });
  await stepForward.click();
  await stepForward.click();
  await expect(counter).toHaveText(`Frame 3 of ${total}`);
  await stepBack.click();
  await expect(counter).toHaveText(`Frame 2 of ${total}`);
  await expect(page.getByRole("slider", { name: "Frame" })).toHaveValue("1");

  // Back at the end, the cluster is as the scenario left it.
  await page.getByRole("button", { name: "Go to the last frame" }).click();
  await expect(counter).toHaveText(`Frame ${total} of ${total}`);
  await expect(page.locator(".pod-chip")).toHaveCount(EXAMPLE_NODES.length);

  // Mid-rollout: the frame after the image change began.
  const rolloutStep = page.locator(".steps .step", { hasText: "kubectl set image" });
  await rolloutStep.click();
  await expect(rolloutStep).toHaveAttribute("aria-current", "step");
  // The current step's output, as the console prints it.
  const stepOutput = page.getByRole("region", { name: /^Output of step \d+$/ });
  await expect(stepOutput).toContainText("$ kubectl set image");
  await expect(stepOutput.locator(".console-output")).toHaveText("daemonset.apps/node-logger image updated");
  // Step on until old (r1) and new (r2) pods run side by side.
  const oldPods = page.locator(".pod-chip .pod-rev", { hasText: "r1" });
  const newPods = page.locator(".pod-chip .pod-rev", { hasText: "r2" });
  for (let i = 0; i < total && ((await oldPods.count()) < 2 || (await newPods.count()) < 2); i++) {
    await stepForward.click();
  }
  await expect(oldPods.first()).toBeVisible();
  await expect(newPods.first()).toBeVisible();
  // Old-template pods say so in words (and a hatched edge); the current template's do not.
  await expect(page.locator(".pod-chip.is-old .pod-rev").first()).toContainText("old");
  await expect(page.locator(".pod-chip.is-old .pod-rev", { hasText: "r2" })).toHaveCount(0);
  await expect(page.locator(".pod-chip.is-current .pod-rev", { hasText: "old" })).toHaveCount(0);
  await page.screenshot(shot("rollout"));
});

test("keyboard: Tab leaves the editor, play runs to the end", async ({ page }) => {
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.focus();
  await page.keyboard.press("Tab");
  await expect(editor).not.toBeFocused();
  await expect(editor).toHaveValue(/kind: Scenario/);

  await page.getByRole("button", { name: "Go to the first frame" }).click();
  await expect(page.getByLabel("Speed").locator("option")).toHaveText(["0.25×", "0.5×", "1×", "2×", "4×", "10×", "20×", "50×", "100×"]);
  await page.getByLabel("Speed").selectOption("20×");
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  const counter = page.locator(".frame-counter");
  const total = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  await expect(counter).toHaveText(`Frame ${total} of ${total}`, { timeout: 5_000 + total * 100 });
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();

  // Space plays and pauses, and does not also scroll the page.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  // A screen reader hears each change of playback once (the counter is silent meanwhile).
  await expect(page.getByRole("status").filter({ hasText: "Playing" })).toHaveCount(1);
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  await expect(page.locator(".playback-status")).toHaveText("Paused");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test("a console command extends the timeline", async ({ page }) => {
  const counter = page.locator(".frame-counter");
  const before = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl cordon node-02");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-02 cordoned");
  await expect(command).toHaveValue("");
  const card = page.locator('.node-card[data-node="node-02"]');
  await expect(card.locator(".node-flags")).toContainText("SchedulingDisabled");
  // A DaemonSet pod tolerates unschedulable: it stays.
  await expect(card.locator(".pod-chip")).toHaveCount(1);
  const after = Number((await counter.textContent()).match(/of (\d+)/)[1]);
  expect(after).toBeGreaterThan(before);
  await expect(counter).toHaveText(`Frame ${after} of ${after}`);
  // The console's frames come after the scenario's steps: the command's own chip is current.
  await expect(page.locator('.steps li:not(.is-typed) .step[aria-current="step"]')).toHaveCount(0);
  await expect(page.locator('.steps li.is-typed .step[aria-current="step"]')).toContainText("kubectl cordon node-02");

  // A node added to a pool under a name of its own is drawn in that pool, and its
  // panel offers to add another node there.
  await command.fill("node add spare --pool gpu");
  await command.press("Enter");
  const gpuPool = page.getByRole("region", { name: "Pool gpu · 3 nodes" });
  await expect(gpuPool.locator(".node-card")).toHaveCount(3);
  await expect(gpuPool.locator('.node-card[data-node="spare"]')).toBeVisible();
  await expect(page.getByRole("region", { name: /^Pool spare/ })).toHaveCount(0);

  // kubectl's own error for a node that does not exist.
  await command.fill("kubectl cordon node-09");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-error").last()).toContainText('nodes "node-09" not found');
  // Oldest first, newest at the bottom, the prompt under them.
  await expect(page.locator(".console-log > li").first()).toContainText("kubectl cordon node-02");
  await expect(page.locator(".console-log > li").last()).toContainText("kubectl cordon node-09");

  // kubectl's columns stay in place: the output scrolls sideways in a focusable, named region.
  await command.fill("kubectl get nodes -o wide");
  await command.press("Enter");
  await expect(page.locator(".console-log > li").last()).toContainText("KERNEL-VERSION");
  const screen = page.getByRole("region", { name: "Console output, scrollable" });
  await expect(screen).toHaveAttribute("tabindex", "0");
  await expect(page.locator(".console-log .console-output").last()).toHaveCSS("white-space", "pre");
  expect(await screen.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  // The pane scrolls inside the page: a full-page shot would resize it and lose the scroll.
  await page.locator(".console-log").scrollIntoViewIfNeeded();
  await page.screenshot({ ...shot("console"), fullPage: false });
});

test("with the cluster not running on, a command leaves the clock for advance to move", async ({ page }) => {
  const runOn = page.getByRole("checkbox", { name: "Cluster runs on after each command" });
  await expect(runOn).toBeChecked();
  await runOn.uncheck();
  const command = page.getByRole("textbox", { name: "Command" });
  const state = page.locator('.node-card[data-node="node-03"] .node-head .badge');
  await command.fill("node down node-03");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-03: kubelet stopped posting status");
  // The kubelet is silent, but the grace period has not passed: still Ready.
  await expect(state).toHaveText("Ready");
  await command.fill("advance 1m");
  await command.press("Enter");
  await page.getByRole("button", { name: "Go to the last frame" }).click();
  await expect(state).toHaveText("NotReady (Unknown)");
});

test("the console recalls commands with the arrow keys and completes names with Tab", async ({ page }) => {
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl get ds");
  await command.press("Enter");
  await command.fill("kubectl cordon node-03");
  await command.press("Enter");
  await command.press("ArrowUp");
  await expect(command).toHaveValue("kubectl cordon node-03");
  await command.press("ArrowUp");
  await expect(command).toHaveValue("kubectl get ds");
  await command.press("ArrowDown");
  await expect(command).toHaveValue("kubectl cordon node-03");
  await command.press("ArrowDown");
  await expect(command).toHaveValue("");
  // ↑ then ↓ gives back the half-typed line.
  await command.fill("kubectl get no");
  await command.press("ArrowUp");
  await expect(command).toHaveValue("kubectl cordon node-03");
  await command.press("ArrowDown");
  await expect(command).toHaveValue("kubectl get no");

  await command.fill("kubectl uncord");
  await command.press("Tab");
  await expect(command).toHaveValue("kubectl uncordon ");
  await command.pressSequentially("node-0");
  await command.press("Tab");
  // Several nodes match: the candidates are shown and the line keeps the common prefix.
  await expect(command).toHaveValue("kubectl uncordon node-0");
  await expect(page.locator(".console-suggestions")).toContainText("node-03");

  // Nothing to complete: Tab stays in the field and the old suggestions go.
  await command.fill("kubectl get pods -n ");
  await command.press("Tab");
  await expect(command).toBeFocused();
  await expect(command).toHaveValue("kubectl get pods -n ");
  await expect(page.locator(".console-suggestions")).toHaveCount(0);
  // On an empty line Tab moves on: no keyboard trap.
  await command.fill("");
  await command.press("Tab");
  await expect(command).not.toBeFocused();
});

test("the language switch translates the page", async ({ page }) => {
  await page.getByLabel("Language").selectOption("zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("DaemonSet 演练场");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("button", { name: "应用" })).toBeVisible();
  // The example scenario is described in Chinese too (from the gallery's index).
  await expect(page.locator(".scenario-description .markdown")).toContainText("日志采集器");
  await page.screenshot(shot("zh-hans"));
  // The playground's own answers are in Chinese; kubectl's stay as kubectl prints them.
  const command = page.getByRole("textbox", { name: /Command|命令/ });
  await command.fill("node down node-03");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-03：kubelet 停止上报状态");
  await command.fill("kubectl cordon node-02");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-02 cordoned");
  await expect(page.locator(".console-log .console-output").last()).toHaveAttribute("lang", "en");
  // What the playground refuses it says in Chinese; kubectl's own errors stay English.
  await command.fill("advance soon");
  await command.press("Enter");
  const refusal = page.locator(".console-log .console-error").last();
  await expect(refusal).toHaveText(/^错误：无效的时长 "soon"；用法：advance <时长>/);
  await expect(refusal).not.toHaveAttribute("lang", "en");
  await command.fill("kubectl frobnicate");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-error").last()).toHaveText('error: unknown command "frobnicate" for "kubectl"');
  await expect(page.locator(".console-log .console-error").last()).toHaveAttribute("lang", "en");
  // So does the editor: where the error stands in Chinese, the API server's words as it says them.
  const editor = page.getByRole("textbox", { name: /YAML/ });
  const text = await editor.inputValue();
  await editor.fill(text.replace("requests: {cpu: 100m", "requests: {cpu: 300m"));
  await page.getByRole("button", { name: "应用" }).click();
  await expect(page.locator("#manifest-error")).toContainText(/第 \d+ 行：第 2 个文档（node-logger）：The DaemonSet "node-logger" is invalid/);
  await editor.fill(text);
  await page.getByRole("button", { name: "应用" }).click();
  await expect(page.locator("#manifest-error")).toBeHidden();
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("DaemonSet 演练场");
  await page.getByLabel("语言").selectOption("en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("DaemonSet Playground");
  await expect(page.locator(".scenario-description .markdown")).toContainText("A log collector on every node");
});
