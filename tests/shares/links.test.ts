/**
 * The share box email's signed links (docs/shares.md, "The box email") against the real database:
 * the token's signature and expiry, the email that carries them, and the confirm call that skips
 * or swaps as the member without a session, once however often it is replayed.
 */
import { describe, expect, it } from "vitest";
import * as linkRoute from "@/app/api/share-links/[token]/route";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { unsubscribeToken } from "@/lib/server/notifications/unsubscribe";
import {
  describeShareLink,
  signShareLink,
  verifyShareLink,
  type ShareLink,
} from "@/lib/server/shares/links";
import { call } from "../support/http";
import { smtpPerFile } from "../notifications/smtp";
import { checkLedgerAfterEach } from "../wallet/support";
import { join, member, mine, publish, shareWorld } from "./support";

checkLedgerAfterEach();
const smtpServer = smtpPerFile();

const NOW = new Date("2026-12-01T12:00:00Z");
const LINK: ShareLink = {
  membershipId: 41,
  date: "2026-12-05",
  action: "skip",
  expiresAt: new Date("2026-12-04T02:00:00Z"),
};

const confirm = (token: string, body: unknown = {}, key?: string) =>
  call(linkRoute.POST, `/api/share-links/${token}`, {
    params: { token },
    body,
    headers: key ? { "idempotency-key": key } : {},
  });

describe("a share link's token", () => {
  it("verifies what it was signed for until the box's cutoff, to the second", () => {
    const token = signShareLink(LINK);
    expect(token).toMatch(/^41\.2026-12-05\.skip\.\d+\.[\w-]{43}$/);
    expect(verifyShareLink(token, NOW)).toEqual({ ok: true, link: LINK });
    expect(verifyShareLink(token, new Date("2026-12-04T01:59:59Z")).ok).toBe(true);
    expect(verifyShareLink(token, LINK.expiresAt)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token altered in any field, cut short, or of another kind", () => {
    const token = signShareLink(LINK);
    const [id, date, action, expires, mac] = token.split(".");
    const altered = [
      // Another member's membership, another date, another action, a later expiry, another mac.
      [String(Number(id) + 1), date, action, expires, mac],
      [id, "2026-12-12", action, expires, mac],
      [id, date, "swap", expires, mac],
      [id, date, action, String(Number(expires) + 3600), mac],
      [id, date, action, expires, `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`],
      [id, date, action, expires],
      [id, "2026-02-30", action, expires, mac],
    ].map((f) => f.join("."));
    for (const t of [...altered, "", "garbage", unsubscribeToken(41, "share_box")])
      expect(verifyShareLink(t, NOW), t).toEqual({ ok: false, reason: "invalid" });
  });
});

/** The share world with two weekly members and the box published; each member's mail read. */
async function mailedWorld() {
  const w = await shareWorld();
  const ann = await member("Ann Member");
  const ben = await member("Ben Member");
  for (const m of [ann, ben])
    expect((await join(w.plan.id, m.cookie, { payment: "weekly" })).status).toBe(201);
  expect((await publish(w, w.seasonStart)).status).toBe(200);
  const smtp = smtpServer();
  await sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) });
  const textTo = (email: string) =>
    smtp.mails.find(
      (m) => JSON.stringify(m.to).includes(email) && m.subject?.startsWith("Your box this week"),
    )?.text ?? "";
  const tokenOf = (text: string, label: string) => {
    const url = new RegExp(`${label}: (\\S+)`).exec(text)?.[1];
    expect(url, text).toBeTruthy();
    return new URL(url!).pathname.split("/").pop()!;
  };
  return { w, ann, ben, textTo, tokenOf };
}

describe("the box email's links", () => {
  it("skip the box as its member, signed out, once however often the link is confirmed", async () => {
    const { w, ann, ben, textTo, tokenOf } = await mailedWorld();
    const text = textTo(ann.user.email);
    expect(text).toContain("Carrots × 3");
    expect(text).toContain("Swap option: Garlic × 1");
    const skip = tokenOf(text, "Skip this box");
    const [annShare] = await mine(ann.cookie);
    expect(verifyShareLink(skip)).toMatchObject({
      ok: true,
      link: { membershipId: annShare.id, date: w.seasonStart, action: "skip" },
    });
    // Opening the page describes the box and changes nothing.
    const described = await describeShareLink(skip, new Date());
    expect(described).toMatchObject({ ok: true, share: { id: annShare.id } });
    expect((await mine(ann.cookie))[0].nextBox!.skipped).toBe(false);

    const first = await confirm(skip, {}, "link-skip-1");
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ id: annShare.id, skipsLeft: 1, nextBox: { skipped: true } });
    // The same press again (its key) is the stored answer; a new press skips nothing more.
    const replayed = await confirm(skip, {}, "link-skip-1");
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const again = await confirm(skip, {}, "link-skip-2");
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ skipsLeft: 1, nextBox: { skipped: true } });
    expect((await mine(ann.cookie))[0]).toMatchObject({ skipsLeft: 1, nextBox: { skipped: true } });
    expect((await mine(ben.cookie))[0].nextBox!.skipped).toBe(false);
    expect((await describeShareLink(skip, new Date())).ok).toBe(true);
  });

  it("save a swap from the swap link; the link is no use for another membership", async () => {
    const { w, ann, ben, textTo, tokenOf } = await mailedWorld();
    const swap = tokenOf(textTo(ann.user.email), "Choose swaps");
    expect(tokenOf(textTo(ann.user.email), "Swap this in")).toBe(swap);
    const saved = await confirm(swap, { swaps: [{ out: w.kale.id, in: w.garlic.id }] }, "sw-1");
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.nextBox.swaps).toEqual([{ out: w.kale.id, in: w.garlic.id }]);
    expect(saved.json.nextBox.items).toContainEqual(
      expect.objectContaining({ productId: w.garlic.id, quantity: 1 }),
    );
    // A swap the box does not offer is the member call's own 400.
    const wrong = await confirm(swap, { swaps: [{ out: w.garlic.id, in: w.beets.id }] });
    expect(wrong.status).toBe(400);

    // Ann's link altered to Ben's membership does not verify: 404, and Ben's box is untouched.
    const [benShare] = await mine(ben.cookie);
    const forged = swap.replace(/^\d+/, String(benShare.id));
    const refused = await confirm(forged, { swaps: [{ out: w.kale.id, in: w.garlic.id }] });
    expect(refused.status).toBe(404);
    expect((await mine(ben.cookie))[0].nextBox!.swaps).toEqual([]);
    expect(await describeShareLink(forged, new Date())).toEqual({ ok: false, reason: "invalid" });
  });

  it("an expired link is 410 and changes nothing; a tampered one 404", async () => {
    const { w, ann } = await mailedWorld();
    const [share] = await mine(ann.cookie);
    const link = { membershipId: share.id, date: w.seasonStart, action: "skip" as const };
    const expired = signShareLink({ ...link, expiresAt: new Date(Date.now() - 1000) });
    const res = await confirm(expired);
    expect(res.status, res.text).toBe(410);
    expect(res.json.code).toBe("link_expired");
    expect(await describeShareLink(expired, new Date())).toEqual({
      ok: false,
      reason: "expired",
    });
    const valid = signShareLink({ ...link, expiresAt: new Date(Date.now() + 3_600_000) });
    const tampered = valid.replace(/\.skip\./, ".swap.");
    expect((await confirm(tampered)).status).toBe(404);
    expect((await confirm("1.2026-01-01.skip.1.x")).status).toBe(404);
    expect((await mine(ann.cookie))[0].nextBox!.skipped).toBe(false);
  });
});
