/**
 * `npm run buyer:approve -- email@example.com [--reject] [--as distributor]`: ops decide a pending
 * business-account application (docs/restaurants.md). Approving makes the buyer a `restaurant`:
 * restaurant prices, cases and standing orders from their next request on; `--as distributor`
 * also lets them run a food hub (docs/hubs.md).
 *   node --import tsx --conditions=react-server scripts/buyer-approve.ts <email> [--reject] [--as restaurant|distributor] [--app-stopped]
 */
import { decideBusinessAccount } from "@/lib/server/business/accounts";
import { refuseEmbeddedWhileAppRuns, runOpsCommand } from "./ops-command";

const USAGE =
  "Usage: npm run buyer:approve -- email@example.com [--reject] [--as restaurant|distributor]";
const KINDS = ["restaurant", "distributor"] as const;

const raw = process.argv.slice(2).filter((a) => a !== "--");
// `--as <kind>` takes the next word; everything else is a flag or the email.
const asAt = raw.indexOf("--as");
const asValue = asAt >= 0 ? raw[asAt + 1] : undefined;
const args = asAt >= 0 ? raw.filter((_, i) => i !== asAt && i !== asAt + 1) : raw;
const flags = new Set(args.filter((a) => a.startsWith("--")));
const [email] = args.filter((a) => !a.startsWith("--"));
const unknown = [...flags].filter((f) => f !== "--reject" && f !== "--app-stopped");
const kind = KINDS.find((k) => k === asValue);

if (!email || !email.includes("@") || unknown.length || (asAt >= 0 && !kind)) {
  console.error(
    `${unknown.length ? `Unknown option ${unknown[0]}\n` : ""}${asAt >= 0 && !kind ? "--as takes restaurant or distributor\n" : ""}${USAGE}`,
  );
  process.exit(2);
}
if (kind && flags.has("--reject")) {
  console.error(`--as is for approving, not with --reject\n${USAGE}`);
  process.exit(2);
}
refuseEmbeddedWhileAppRuns("buyer:approve", raw);

await runOpsCommand(async () => {
  const decided = await decideBusinessAccount(email, flags.has("--reject") ? "reject" : "approve", {
    staffId: null,
    as: kind,
  });
  console.log(
    decided.status === "approved"
      ? decided.approvedAs === "distributor"
        ? `Approved: ${email} (user ${decided.userId}) now buys as ${decided.companyName}, a distributor that may run a food hub.`
        : `Approved: ${email} (user ${decided.userId}) now buys as ${decided.companyName}, a restaurant account.`
      : `Refused: ${email}'s application for ${decided.companyName}. They may apply again from Profile.`,
  );
});
