/**
 * `npm run farmer:invite -- email@example.com "Farm Name" "Location, Kelowna BC"`: ops onboards a
 * farmer from the waitlist. Creates the farmer account and the farm, and prints a one-time sign-in
 * link (7 days); after signing in, the farmer chooses a password. Refuses an email that exists.
 *   node --import tsx --conditions=react-server scripts/farmer-invite.ts <email> <farm name> <location> [--app-stopped]
 * APP_URL (default http://localhost:3000) is the base of the printed link.
 */
import { claimUrl, inviteFarmer } from "@/lib/server/farm/invite";
import { farmerInviteSchema } from "@/lib/validators/farm";
import { refuseEmbeddedWhileAppRuns, runOpsCommand } from "./ops-command";

const args = process.argv.slice(2).filter((a) => a !== "--");
const [email, farmName, location] = args.filter((a) => a !== "--app-stopped");

const usage =
  'Usage: npm run farmer:invite -- email@example.com "Farm Name" "Location, Kelowna BC"';
const parsed = farmerInviteSchema.safeParse({ email, farmName, location });
if (!parsed.success) {
  console.error(`${parsed.error.issues[0].message}\n${usage}`);
  process.exit(2);
}
refuseEmbeddedWhileAppRuns("farmer:invite", args);

await runOpsCommand(async () => {
  const invite = await inviteFarmer(parsed.data);
  const base = process.env.APP_URL || "http://localhost:3000";
  console.log(
    `Created farmer ${parsed.data.email} (user ${invite.userId}) and farm "${parsed.data.farmName}" (farm ${invite.farmId}).`,
  );
  console.log(
    `The invite email with its one-time sign-in link is queued (it goes out when the app or \`npm run worker\` runs). The link, valid until ${invite.expiresAt.toISOString()}, to send to the farmer only if the email does not arrive:`,
  );
  console.log(claimUrl(base, invite.token));
});
