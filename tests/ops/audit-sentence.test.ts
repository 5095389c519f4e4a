/** The audit log's sentences name the target with the one possessive rule (lib/format.ts). */
import { describe, expect, it } from "vitest";
import { auditSentence } from "@/lib/audit-actions";

describe("audit sentences", () => {
  it.each([
    ["farm.pause", "Glenmore Valley Greens", "Ana paused Glenmore Valley Greens' listings"],
    ["payout.hold", "Westbank Cellars", "Ana held Westbank Cellars' payouts"],
    ["business.approve", "Bench Bistro", "Ana approved Bench Bistro's business account"],
    ["wallet.adjust", "Jordan Lee", "Ana adjusted Jordan Lee's wallet"],
    ["farm.invite", "Westbank Cellars", "Ana invited Westbank Cellars"],
  ])("%s on %s", (action, target, expected) => {
    expect(auditSentence(action, "Ana", target)).toBe(expected);
  });

  it("says what happened when the action is not one it knows", () => {
    expect(auditSentence("farm.explode", "Ana", "farm:3")).toBe("Ana: farm.explode on farm:3");
  });
});
