import { expect, test, type Page } from "@playwright/test";
import { demo, signIn } from "./helpers";

/** Each role's pages, visited with the Content-Security-Policy enforced. */
const pagesByRole = {
  admin: [
    "/admin/clusters",
    "/admin/clusters/new",
    "/admin/users",
    "/admin/tenants",
    "/admin/gpu-models",
    "/admin/policy",
    "/admin/carbon",
    "/admin/audit",
    "/admin/settings",
  ],
  operator: ["/operator", "/operator/clusters", "/operator/jobs", "/operator/carbon", "/operator/experiments", "/operator/experiments/new"],
  tenant: ["/tenant/jobs", "/tenant/usage", "/tenant/jobs/new"],
};

/** Collects every CSP violation the page reports (the DOM event and the console error both). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Visits each path and waits until its scripts ran and its data loaded. */
async function visit(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()["content-security-policy"], path).toMatch(/script-src [^;]*'nonce-[^']+'/);
    await page.waitForLoadState("networkidle");
  }
}

test.describe("security", () => {
  test("pages of every role run under the CSP with no violation", async ({ page }) => {
    const violations = await watchCsp(page);
    const signInPage = await page.goto("/sign-in");
    const headers = signInPage!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" });
    expect((await page.goto("/no/such/page"))?.status()).toBe(404);

    await signIn(page, demo.admin, /\/admin\/clusters$/);
    await visit(page, pagesByRole.admin);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await signIn(page, demo.operator, /\/operator$/);
    await visit(page, pagesByRole.operator);
    // A cluster's detail page with its history charts (Recharts sets inline styles).
    await page.goto("/operator/clusters");
    await page.getByRole("link", { name: "fra-hub-1" }).click();
    await expect(page.getByRole("heading", { name: "fra-hub-1" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await signIn(page, demo.aurora, /\/tenant\/jobs$/);
    await visit(page, pagesByRole.tenant);
    // The live preview answers while the form is filled in.
    await page.getByLabel("Name").fill("csp-check");
    await page.getByLabel("GPUs per node").fill("1");
    await expect(page.getByTestId("job-preview")).toContainText(/Would run on|could not run/, { timeout: 20_000 });
    expect(violations).toEqual([]);
  });

  test("API answers carry the headers; cookies are Secure over HTTPS; cross-site mutations are 403", async ({ request, baseURL }) => {
    const health = await request.get("/api/health");
    expect(health.headers()).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    });

    const signInBody = { json: { email: demo.operator.email, password: demo.operator.password } };
    const overHttps = await request.post("/api/trpc/auth.signIn", { data: signInBody, headers: { origin: baseURL!, "x-forwarded-proto": "https" } });
    expect(overHttps.status()).toBe(200);
    expect(overHttps.headers()["set-cookie"]).toMatch(/verdant_session=.*;\s*Secure/i);

    const forged = await request.post("/api/trpc/auth.signOut", { data: {}, headers: { origin: "https://evil.example" } });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain("cross-site");
  });

  test("the sign-in form shows the limit after repeated wrong passwords", async ({ page }) => {
    await page.goto("/sign-in");
    // The form's own alert (Next.js keeps an empty route announcer with the same role).
    const form = page.locator("form");
    // An address nobody uses: unknown e-mails are limited exactly like real ones.
    await page.getByLabel("E-mail").fill("nobody-here@verdant.example");
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Password").fill(`wrong-${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(form.getByRole("alert")).toContainText("Wrong e-mail or password.");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    await page.getByLabel("Password").fill("wrong-again");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(form.getByRole("alert")).toContainText(/Too many failed sign-ins for this account\. Try again in \d+ minutes\./);
  });
});
