import { possessive } from "./format";

/**
 * The audit log's actions (docs/operations.md, "Audit log"), each with how its sentence reads:
 * `{who}` is the staff member (or an ops command), `{target}` what was acted on, by name, and
 * `{target's}` its possessive ("Glenmore Valley Greens'"). The server writes the sentences; the
 * console's filter lists the same actions by their labels.
 */
export const AUDIT_ACTIONS = {
  "staff.grant": { label: "Staff access granted", sentence: "{who} made {target} staff" },
  "business.approve": {
    label: "Business account approved",
    sentence: "{who} approved {target's} business account",
  },
  "business.reject": {
    label: "Business account refused",
    sentence: "{who} refused {target's} business account",
  },
  "farm.invite": { label: "Farm invited", sentence: "{who} invited {target}" },
  "farm.verify": { label: "Farm verified", sentence: "{who} marked {target} verified" },
  "farm.unverify": { label: "Farm unverified", sentence: "{who} marked {target} not verified" },
  "farm.pause": { label: "Listings paused", sentence: "{who} paused {target's} listings" },
  "farm.resume": { label: "Listings resumed", sentence: "{who} resumed {target's} listings" },
  "session.revoke": { label: "Session ended", sentence: "{who} ended a session of {target}" },
  "wallet.adjust": { label: "Wallet adjusted", sentence: "{who} adjusted {target's} wallet" },
  "wallet.release_hold": {
    label: "Wallet hold released",
    sentence: "{who} released a hold on {target's} wallet",
  },
  "payout.mark_paid": { label: "Payout marked paid", sentence: "{who} marked {target} paid" },
  "payout.hold": { label: "Payouts held", sentence: "{who} held {target's} payouts" },
  "payout.release": { label: "Payouts released", sentence: "{who} released {target's} payouts" },
  "email.retry": { label: "Email sent again", sentence: "{who} sent {target} again" },
  "sheets.retry": {
    label: "Sheet row sent again",
    sentence: "{who} sent {target} to the Google Sheet again",
  },
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** "Ana approved Bench Bistro's business account": the action's sentence with the names in it. */
export function auditSentence(action: string, who: string, target: string): string {
  const known = AUDIT_ACTIONS[action as AuditAction];
  if (!known) return `${who}: ${action} on ${target}`;
  return known.sentence
    .replace("{who}", who)
    .replace("{target's}", possessive(target))
    .replace("{target}", target);
}
