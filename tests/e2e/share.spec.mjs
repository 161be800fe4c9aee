// Share links, saved work and offline use, over the built dist/.
import { test, expect } from "@playwright/test";
import { encode } from "./fixtures.mjs";

const SHARED = `apiVersion: dsplay/v1
kind: Scenario
metadata:
  name: shared-by-link
spec:
  description: |
    **Shared** scenario. <script>window.pwned = true</script> <img src=x onerror="window.pwned = true">
  nodePools:
  - name: edge
    count: 4
  steps:
  - settle
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: registry.k8s.io/pause:3.10
`;

const editor = (page) => page.locator("#manifest");

test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

test("a shared link opens its scenario, frame, node and language; its description stays text", async ({ page }) => {
  await page.goto(`/#${encode(SHARED)}&f=2&n=edge-03&lang=zh`);
  await expect(page.locator(".node-card")).toHaveCount(4);
  await expect(editor(page)).toHaveValue(/name: shared-by-link/);
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", "2");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  // The selected node stays in the view: the address bar still names it after its pause.
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 5_000 }).toMatch(/&f=2&n=edge-03&lang=zh$/);
  const description = page.locator(".scenario-description .markdown");
  await expect(description.locator("strong")).toHaveText("Shared");
  await expect(description).toContainText("<script>window.pwned = true</script>");
  await expect(description).toContainText('<img src=x onerror="window.pwned = true">');
  await expect(description.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();
});

test("opening a link keeps the previous work and offers it back", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const mine = (await editor(page).inputValue()).replace("name: getting-started", "name: my-own-work");
  await editor(page).fill(mine);
  await page.waitForTimeout(1_500); // autosave waits for a pause
  await page.goto(`/?from=link#${encode(SHARED)}`);
  await expect(editor(page)).toHaveValue(/name: shared-by-link/);
  const restore = page.getByRole("button", { name: "Restore your previous work" });
  await expect(restore).toBeVisible();
  await restore.click();
  await expect(editor(page)).toHaveValue(/name: my-own-work/);
  await expect(restore).toBeHidden();
});

test("a broken or hostile link says why and replaces nothing", async ({ page }) => {
  await page.goto("/#v1=AAAA");
  await expect(page.getByRole("alert").filter({ hasText: "could not be opened" })).toContainText("damaged or cut short");
  await expect(page.locator(".node-card")).toHaveCount(5); // the example, as before
  const huge = SHARED.replace("count: 4", "count: 6000");
  await page.goto(`/?x=1#${encode(huge)}`);
  await expect(page.getByRole("alert").filter({ hasText: "could not be opened" })).toContainText("6000 nodes");
  await expect(editor(page)).not.toHaveValue(/count: 6000/);
  // Cut short: a real link missing its end.
  const cut = encode(SHARED).slice(0, 60);
  await page.goto(`/?y=1#${cut}`);
  await expect(page.getByRole("alert").filter({ hasText: "could not be opened" })).toBeVisible();
});

test("a typo not yet applied survives a reload with the cluster it edits", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const draft = `broken: [\n${await editor(page).inputValue()}`;
  await editor(page).fill(draft);
  await page.waitForTimeout(1_500); // autosave and the address bar wait for a pause
  await page.reload();
  await expect(page.locator(".node-card")).toHaveCount(5);
  await expect(editor(page)).toHaveValue(draft);
  await expect(page.locator(".apply-state")).toHaveText("Edited, not applied");
  // The address bar's link carries both: the scenario that runs, and the draft.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain("&edit=");
});

test("a reload right after an edit or an Apply keeps it, with no link notice", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const text = (await editor(page).inputValue()).replace("count: 3", "count: 4");
  await editor(page).fill(text);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.locator(".node-card")).toHaveCount(6);
  await page.reload(); // at once: no pause for autosave or the address bar
  await expect(page.locator(".node-card")).toHaveCount(6);
  await expect(editor(page)).toHaveValue(/count: 4/);
  await expect(page.getByRole("button", { name: "Restore your previous work" })).toHaveCount(0);
});

test("a cluster too large for a link leaves no link in the address bar, and a reload opens quietly", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  await editor(page).fill((await editor(page).inputValue()).replace("count: 3", "count: 6000"));
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.locator(".dense-cluster, .node-card").first()).toBeVisible();
  // The new scenario plays from its start; the address bar follows once the view rests.
  await page.getByRole("button", { name: "Go to the last frame" }).click();
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => location.hash)).toBe("");
  await page.reload();
  await expect(editor(page)).toHaveValue(/count: 6000/);
  await expect(page.getByRole("alert").filter({ hasText: "could not be opened" })).toHaveCount(0);
});

test("two links in a row keep the work from before the first", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const mine = (await editor(page).inputValue()).replace("name: getting-started", "name: my-own-work");
  await editor(page).fill(mine);
  await page.waitForTimeout(1_500);
  await page.goto(`/?a=1#${encode(SHARED)}`);
  await expect(editor(page)).toHaveValue(/name: shared-by-link/);
  await page.waitForTimeout(1_500); // the first link's work is saved, untouched
  await page.goto(`/?b=1#${encode(SHARED.replace("count: 4", "count: 2"))}`);
  await expect(page.locator(".node-card")).toHaveCount(2);
  await page.getByRole("button", { name: "Restore your previous work" }).click();
  await expect(editor(page)).toHaveValue(/name: my-own-work/);
});

test("a link whose scenario does not load says so above the cluster, and the console keeps the command", async ({ page }) => {
  await page.goto(`/#${encode(SHARED.replace("count: 4", "count: [4\n  oops: : :"))}`);
  const problem = page.locator(".load-problem");
  await expect(problem).toContainText("This scenario did not load, so no cluster runs; fix it in the editor, then Apply.");
  await expect(problem).toContainText(/Line \d+: column \d+: /);
  await expect(page.locator(".cluster-pane .empty")).toHaveCount(0);
  const input = page.getByRole("textbox", { name: "Command", exact: true });
  await input.fill("kubectl get nodes");
  await input.press("Enter");
  await expect(input).toHaveValue("kubectl get nodes");
  await expect(page.locator(".console-no-cluster")).toContainText("No cluster is running");
});

test("the address bar follows edits after a pause, and Copy link shows the link", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  // The example opens at its first frame; a step there and back writes the address.
  await page.getByRole("button", { name: "Step forward" }).click();
  await page.getByRole("button", { name: "Go to the first frame" }).click();
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 5_000 }).toMatch(/^#v1=[A-Za-z0-9_-]+&f=0&lang=en$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await page.locator(".share-text").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#v1=[A-Za-z0-9_-]+&f=0&lang=en$/);
  await page.getByRole("button", { name: "Embed" }).click();
  await expect(page.locator(".share-text")).toHaveValue(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed=1#v1=/);
  // Escape closes it, back on the button.
  await page.locator(".share-text").focus();
  await page.keyboard.press("Escape");
  await expect(page.locator(".share-text")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Embed" })).toBeFocused();
});

test("reload and a later visit find the work restored: text, frame, layout", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const text = (await editor(page).inputValue()).replace("count: 3", "count: 4");
  await editor(page).fill(text);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.locator(".node-card")).toHaveCount(6);
  await page.getByRole("button", { name: "Go to the first frame" }).click();
  await page.getByRole("button", { name: "Step forward" }).click();
  await page.getByRole("button", { name: "Step forward" }).click();
  await page.locator(".speed select").selectOption("2×");
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(page.locator(".node-card")).toHaveCount(6);
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", "2");
  // A visit without a link reads the saved work.
  await page.goto("/");
  await expect(page.locator(".node-card")).toHaveCount(6);
  await expect(editor(page)).toHaveValue(/count: 4/);
  await expect(page.locator(".frame-counter")).toHaveAttribute("data-frame", "2");
  await expect(page.locator(".speed select")).toHaveValue("2×");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("dsplay.work")));
  expect(saved.version).toBe(1);
  expect(saved.frame).toBe(2);
});

test("a link and a reload replay the console and Apply: the cordon and the rollout come along", async ({ page, browser }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const command = page.getByRole("textbox", { name: "Command" });
  await command.fill("kubectl cordon node-02");
  await command.press("Enter");
  await expect(page.locator(".console-log .console-output").last()).toHaveText("node/node-02 cordoned");
  const text = (await editor(page).inputValue()).replace("image: nginx:1.24", "image: nginx:1.26");
  await editor(page).fill(text);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await page.getByRole("button", { name: "Go to the last frame" }).click();
  const counter = page.locator(".frame-counter");
  const frames = await counter.textContent();
  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await page.locator(".share-text").inputValue();
  expect(link).toMatch(/#v1=[A-Za-z0-9_-]+&log=[A-Za-z0-9_-]+&f=\d+&lang=en$/);

  // Someone else opens it: the same timeline, the same last frame, the same console.
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.locator(".frame-counter")).toHaveText(frames);
  await expect(other.locator('.node-card[data-node="node-02"]')).toHaveClass(/is-cordoned/);
  await expect(other.locator(".console-log")).toContainText("node/node-02 cordoned");
  await expect(other.locator(".console-log")).toContainText("kubectl apply -f");
  await expect(other.locator("#manifest")).toHaveValue(/image: nginx:1\.26/);
  await expect(other.locator(".apply-state")).toHaveText("Applied");
  await other.close();

  // A reload replays the saved session too.
  await page.waitForTimeout(1_500); // autosave waits for a pause
  await page.reload();
  await expect(counter).toHaveText(frames);
  await expect(page.locator('.node-card[data-node="node-02"]')).toHaveClass(/is-cordoned/);
});

test("after the first visit the app opens offline", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  // The service worker controls the page and has cached the build's wasm.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const names = await caches.keys();
          for (const name of names) {
            const keys = await (await caches.open(name)).keys();
            if (keys.some((r) => r.url.endsWith(".wasm")) && keys.some((r) => r.url.endsWith("/"))) return true;
          }
          return false;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("DaemonSet Playground");
  await expect(page.locator(".node-card").first()).toBeVisible();
  await context.setOffline(false);
});

test("Copy link shares the scenario as last applied, not an edit that was never applied", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator(".node-card").first()).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Scenario and manifests (YAML)" });
  await editor.fill((await editor.inputValue()).replace("count: 3", "count: three"));
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.locator(".share-caveat")).toContainText("not applied");
  const link = await page.locator(".share-text").inputValue();
  // Whoever opens it sees the cluster the sender sees.
  const viewer = await context.newPage();
  await viewer.goto(link);
  await expect(viewer.locator(".node-card")).toHaveCount(5);
  await expect(viewer.locator(".apply-state.applied")).toBeVisible();
  // A click elsewhere closes the link's box.
  await page.locator("h1").click();
  await expect(page.locator(".share-text")).toHaveCount(0);
});
