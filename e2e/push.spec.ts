import { expect, test, type Page } from "@playwright/test";
import { auditPage } from "./a11y";
import { forProject, SEEDED_FARMERS, signInSeeded } from "./support";

/**
 * Headless Chromium has no push service to subscribe with (its PushManager answers "permission
 * denied"), so the page's PushManager is given what a push service would hand out: an FCM
 * endpoint and a real P-256 key pair with a 16-byte auth secret. Everything else is the app's own:
 * the permission prompt, the service worker (app/sw.ts), /api/push-subscriptions and the switches.
 */
function fakePushService(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    w.__asked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      w.__asked = Number(w.__asked) + 1;
      return ask(...args);
    };
    let current: unknown = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      w.__applicationServerKey = options?.applicationServerKey;
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ]);
      const p256dh = b64(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${b64(crypto.getRandomValues(new Uint8Array(12)))}`;
      w.__endpoint = endpoint;
      current = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          w.__unsubscribed = true;
          return true;
        },
      };
      return current as PushSubscription;
    };
  });
}

test("Profile → Notification: a farmer's push switch asks the browser, subscribes it and saves; a push shows", async ({
  page,
  context,
}, testInfo) => {
  const farmer = forProject(
    { desktop: SEEDED_FARMERS.luis, mobile: SEEDED_FARMERS.hannah },
    testInfo,
  );
  await fakePushService(page);
  await signInSeeded(page, farmer);
  await page.goto("/profile/notifications");
  await expect(page.getByRole("heading", { name: "Push notifications" })).toBeVisible();
  const newOrders = page.getByRole("switch", { name: "New orders", exact: true });
  for (const name of ["New orders", "New messages", "Answers to your changes", "Cutoff passed"])
    await expect(page.getByRole("switch", { name, exact: true })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  await auditPage(page, "/profile/notifications (farmer)");

  // Not allowed yet: the switch asks, the browser says no, nothing is saved.
  await newOrders.click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Notifications are not allowed" }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
  await expect(newOrders).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Notifications are blocked for this site.")).toBeVisible();
  expect((await (await page.request.get("/api/push-subscriptions")).json()) as unknown[]).toEqual(
    [],
  );

  // Allowed: the switch subscribes this browser with the server's key and saves itself.
  await context.grantPermissions(["notifications"]);
  await page.reload();
  await newOrders.click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Notification settings saved" }),
  ).toContainText("New orders: on");
  await expect(newOrders).toHaveAttribute("aria-checked", "true");
  const prefs = await (await page.request.get("/api/notification-preferences")).json();
  expect(prefs.push).toEqual({
    new_order: true,
    new_message: false,
    adjustment_answer: false,
    cutoff_passed: false,
  });
  const browserSide = await page.evaluate(() => {
    const w = window as unknown as { __endpoint: string; __applicationServerKey: string };
    return { endpoint: w.__endpoint, key: w.__applicationServerKey };
  });
  expect(browserSide.key).toBe(prefs.pushKey);
  const saved = (await (await page.request.get("/api/push-subscriptions")).json()) as {
    endpoint: string;
  }[];
  expect(saved.map((s) => s.endpoint)).toEqual([browserSide.endpoint]);

  // The service worker shows what a push carries (delivered to it through DevTools). A push that
  // reaches a worker still installing is dropped, so it is sent once the worker is active.
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? "none"),
    )
    .toBe("activated");
  const cdp = await context.newCDPSession(page);
  // DevTools' own view, kept by id (each event restates a registration or version): the push goes
  // to the registration whose version DevTools reports activated.
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  const versions = new Map<string, { registrationId: string; status: string }>();
  const workerErrors: string[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  cdp.on("ServiceWorker.workerVersionUpdated", (e) => {
    for (const v of e.versions) versions.set(v.versionId, v);
  });
  cdp.on("ServiceWorker.workerErrorReported", (e) =>
    workerErrors.push(
      `${e.errorMessage.errorMessage} (${e.errorMessage.sourceURL}:${e.errorMessage.lineNumber})`,
    ),
  );
  await cdp.send("ServiceWorker.enable");
  const scope = `${new URL(page.url()).origin}/`;
  const activated = () =>
    [...versions.values()].find((v) => {
      const r = registrations.get(v.registrationId);
      return v.status === "activated" && r?.scopeURL === scope && !r.isDeleted;
    })?.registrationId;
  await expect.poll(activated).toBeTruthy();
  const registrationId = activated()!;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify({
      title: "New order #41",
      body: "4 items, $12.00",
      url: "/my-farm",
      tag: "order-41",
    }),
  });
  // The worker's errors are part of what is compared, so a failure says why nothing showed.
  await expect
    .poll(async () => ({
      shown: await page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        })),
      ),
      workerErrors,
    }))
    .toEqual({
      shown: [{ title: "New order #41", body: "4 items, $12.00", tag: "order-41" }],
      workerErrors: [],
    });

  // The last switch off: this browser is unsubscribed, on the server too.
  await newOrders.click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Notification settings saved" }).last(),
  ).toContainText("New orders: off");
  await expect(newOrders).toHaveAttribute("aria-checked", "false");
  await expect
    .poll(async () => (await (await page.request.get("/api/push-subscriptions")).json()).length)
    .toBe(0);
  expect(
    await page.evaluate(() => (window as unknown as { __unsubscribed?: boolean }).__unsubscribed),
  ).toBe(true);
});
