import path from "node:path";
import type { Endpoint } from "@/lib/contracts/endpoint";
import { db } from "@/lib/server/platform/db";
import { call, type CallOptions } from "../support/http";
import { createUserWithSession, TEST_PASSWORD } from "../support/factories";

const root = path.resolve(import.meta.dirname, "../..");

/** The route module serving a contract: /api/ops/people/{id} → app/api/ops/people/[id]/route.ts. */
export async function handlerOf(e: Endpoint) {
  const dir = e.path.replace(/^\//, "").replace(/\{(\w+)\}/g, "[$1]");
  const mod = (await import(path.join(root, "app", dir, "route.ts"))) as Record<
    string,
    Parameters<typeof call>[0]
  >;
  return mod[e.method];
}

/** Calls an ops contract with its path parameters filled in. */
export async function callOps(
  e: Endpoint,
  params: Record<string, string>,
  opts: CallOptions & { query?: string } = {},
) {
  const filled = e.path.replace(/\{(\w+)\}/g, (_, n: string) => params[n]);
  return call(await handlerOf(e), filled + (opts.query ?? ""), {
    method: e.method,
    params,
    ...opts,
  });
}

/**
 * A staff member with a session and two-step sign-in on (money actions refuse staff without it;
 * docs/accounts.md); `steppedUp` gives the password again first. `twoStep: false` leaves it off.
 */
export async function createStaff(steppedUp = false, { twoStep = true } = {}) {
  const staff = await createUserWithSession({ fullName: "Olive Ops" });
  await db.user.update({ where: { id: staff.user.id }, data: { role: "staff" } });
  // The secret is never read here: these tests sign in with the session above, not with a code.
  if (twoStep)
    await db.twoStep.create({
      data: { userId: staff.user.id, secret: "not-used", enabledAt: new Date() },
    });
  if (steppedUp) {
    const { opsApi } = await import("@/lib/contracts/ops");
    const res = await callOps(
      opsApi.stepUp,
      {},
      {
        cookie: staff.cookie,
        body: { password: TEST_PASSWORD },
      },
    );
    if (res.status !== 200) throw new Error(`step-up failed: ${res.text}`);
  }
  return staff;
}

export const auditRows = () => db.auditLog.findMany({ orderBy: { id: "asc" } });

/** A buyer who applied for a business account (pending): Bench Bistro unless told otherwise. */
export async function applicant(
  fullName = "Bench Bistro Owner",
  business = {
    companyName: "Bench Bistro",
    address: "1875 Pandosy St, Kelowna, BC",
    postalCode: "V1Y 1R3",
  },
) {
  const buyer = await createUserWithSession({ fullName });
  await db.businessAccount.create({
    data: { userId: buyer.user.id, businessNumber: "812345670", ...business },
  });
  return buyer;
}
