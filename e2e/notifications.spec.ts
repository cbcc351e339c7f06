// Notifications in the browser: an admin's webhook to a private address is refused on its URL field,
// then (private URLs allowed) added with a signing secret; a test event reaches a local receiver
// signed, and the page lists the attempt with its HTTP status; a refused test shows the receiver's 500.
import { expect, test } from "@playwright/test";
import { verifyWebhook } from "../server/services/notifications/webhook-signature";
import { startWebhookReceiver, type WebhookReceiver } from "../tests/integration/helpers/webhook-receiver";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers";

const SECRET = "e2e-signing-secret";
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

async function setPrivateUrls(page: import("@playwright/test").Page, allow: boolean) {
  await page.goto("/admin/settings");
  await page.getByLabel("Allow private feed URLs").setChecked(allow);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

test("an admin adds a signed webhook, sends a test event and sees the attempt", async ({ page }) => {
  await signIn(page, demo.admin, /\/admin\/clusters$/);
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

  const fill = async () => {
    await page.getByLabel("Name", { exact: true }).fill("e2e receiver");
    await page.getByLabel("Webhook URL").fill(receiver.url());
    await page.getByLabel("Signing secret").fill(SECRET);
    await page.getByLabel("Job started").check();
  };
  // 127.0.0.1 is inside the network: refused on the URL field while private URLs are off.
  await fill();
  await page.getByRole("button", { name: "Add subscription" }).click();
  await expect(page.getByText(/The webhook URL may not point inside the network/)).toBeVisible();

  await setPrivateUrls(page, true);
  try {
    await page.goto("/admin/notifications");
    await fill();
    await page.getByRole("button", { name: "Add subscription" }).click();
    await expect(page.getByText("e2e receiver added.")).toBeVisible();
    const row = page.getByRole("row", { name: /e2e receiver/ }).first();
    await expect(row).toContainText("Signed (HMAC-SHA256)");
    expect(await page.content()).not.toContain(SECRET);

    await page.getByRole("button", { name: "Send a test event to e2e receiver" }).click();
    await expect(page.getByText("Test event delivered.")).toBeVisible();
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    expect(JSON.parse(request.body)).toMatchObject({ type: "test", subject: "A test event for e2e receiver." });
    expect(verifyWebhook(SECRET, request.body, request.headers["x-verdant-signature"] as string, Date.now())).toBe(true);
    const deliveries = page.getByRole("table", { name: "Latest deliveries" });
    await expect(deliveries.getByRole("row", { name: /Test event/ }).first()).toContainText("HTTP 200");
    await expect(deliveries.getByRole("row", { name: /Test event/ }).first()).toContainText("delivered");

    // The receiver refuses the next one: the attempt shows its status and the delivery waits for its retry.
    receiver.script.push(500);
    await page.getByRole("button", { name: "Send a test event to e2e receiver" }).click();
    await expect(page.getByText(/did not accept it/)).toBeVisible();
    const refused = deliveries.getByRole("row", { name: /Test event/ }).first();
    await expect(refused).toContainText("HTTP 500");
    await expect(refused).toContainText("pending");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, "notifications page");
  } finally {
    await setPrivateUrls(page, false);
  }
});
