import { expect, type Page } from "@playwright/test";

export const DEMO = { email: "demo@fieldfare.app", username: "demo", password: "harvest-demo-2026", fullName: "Jordan Rivera" };

let n = 0;
/** A unique, valid registration for a brand-new user. */
export function newAccount(tag = "e2e") {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { fullName: `Casey Orchard ${id}`, email: `${tag}-${id}@example.test`, username: `${tag}_${id}`, password: `sunny-field-${id}` };
}

/** Signs in through the real API; the browser context gets the session cookie. */
export async function signIn(page: Page, username = DEMO.email, password = DEMO.password) {
  const res = await page.request.post("/api/login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Registers a fresh user through the real API and leaves the browser signed in as them. */
export async function registerFresh(page: Page, tag = "e2e") {
  const a = newAccount(tag);
  const res = await page.request.post("/api/register", { data: { ...a, confirmPassword: a.password } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...a, user: await res.json() };
}
