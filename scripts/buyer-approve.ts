/**
 * `npm run buyer:approve -- email@example.com [--reject]`: ops decide a pending business-account
 * application (docs/restaurants.md). Approving makes the buyer a `restaurant`: restaurant prices,
 * cases and standing orders from their next request on.
 *   node --import tsx --conditions=react-server scripts/buyer-approve.ts <email> [--reject] [--app-stopped]
 */
import { decideBusinessAccount } from "@/lib/server/business/accounts";
import { refuseEmbeddedWhileAppRuns, runOpsCommand } from "./ops-command";

const args = process.argv.slice(2).filter((a) => a !== "--");
const flags = new Set(args.filter((a) => a.startsWith("--")));
const [email] = args.filter((a) => !a.startsWith("--"));
const unknown = [...flags].filter((f) => f !== "--reject" && f !== "--app-stopped");

if (!email || !email.includes("@") || unknown.length) {
  console.error(
    `${unknown.length ? `Unknown option ${unknown[0]}\n` : ""}Usage: npm run buyer:approve -- email@example.com [--reject]`,
  );
  process.exit(2);
}
refuseEmbeddedWhileAppRuns("buyer:approve", args);

await runOpsCommand(async () => {
  const decided = await decideBusinessAccount(email, flags.has("--reject") ? "reject" : "approve");
  console.log(
    decided.status === "approved"
      ? `Approved: ${email} (user ${decided.userId}) now buys as ${decided.companyName}, a restaurant account.`
      : `Refused: ${email}'s application for ${decided.companyName}. They may apply again from Profile.`,
  );
});
