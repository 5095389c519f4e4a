/**
 * `npm run staff:grant -- email@example.com`: makes an existing account staff, who may use the
 * ops console at /ops (docs/operations.md). Written to the audit log as an ops command.
 *   node --import tsx --conditions=react-server scripts/staff-grant.ts <email> [--app-stopped]
 */
import { grantStaff } from "@/lib/server/ops/staff";
import { refuseEmbeddedWhileAppRuns, runOpsCommand } from "./ops-command";

const args = process.argv.slice(2).filter((a) => a !== "--");
const flags = args.filter((a) => a.startsWith("--"));
const [email] = args.filter((a) => !a.startsWith("--"));
const unknown = flags.filter((f) => f !== "--app-stopped");

if (!email || !email.includes("@") || unknown.length) {
  console.error(
    `${unknown.length ? `Unknown option ${unknown[0]}\n` : ""}Usage: npm run staff:grant -- email@example.com`,
  );
  process.exit(2);
}
refuseEmbeddedWhileAppRuns("staff:grant", args);

await runOpsCommand(async () => {
  const granted = await grantStaff(email);
  console.log(
    granted.already
      ? `${email} (user ${granted.userId}) is staff already.`
      : `${email} (user ${granted.userId}) is now staff: they may use the ops console at /ops.`,
  );
});
