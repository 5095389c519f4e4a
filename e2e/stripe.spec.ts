import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { startStripeEmulator, type StripeEmulator } from "../tests/support/stripe-emulator";
import { auditPage } from "./a11y";
import pg from "pg";
import { registerFresh, signInSeeded } from "./support";

/**
 * Real money end to end (docs/money.md): a second app server of the same build in stripe mode, its
 * own fresh database, the official `stripe` library pointed at the local emulator, whose pages a
 * browser pays and onboards on and whose webhooks are signed as Stripe signs them.
 */
const base = process.env.DATABASE_URL ?? "";
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });
test.skip(
  !/^postgres/.test(base),
  "npm run payouts:run beside the server needs PostgreSQL (PGlite allows one process per folder)",
);

let emulator: StripeEmulator;
let server: ChildProcess;
let databaseUrl = "";
let origin = "";

// Set in beforeAll, read when each test opens its page.
test.use({ baseURL: async ({}, provide) => provide(origin) });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(180_000);
  emulator = await startStripeEmulator();
  const port = Number(process.env.E2E_PORT ?? 3100) + 50 + testInfo.parallelIndex;
  origin = `http://localhost:${port}`;
  emulator.deliver = async (payload, signature) => {
    const res = await fetch(`${origin}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  };
  // The build the suite's own server made; a new database, migrated and seeded.
  server = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      E2E_SKIP_BUILD: "1",
      STRIPE_SECRET_KEY: emulator.secretKey,
      STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
      STRIPE_API_URL: emulator.url,
      // Payouts run when the test says so (npm run payouts:run), not on the worker's timer.
      PAYOUTS_WORKER: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<never>((_, reject) =>
    server.once("exit", (code) => reject(new Error(`stripe server exited ${code}:\n${output}`))),
  );
  const up = (async () => {
    for (;;) {
      const ok = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.race([up, exited]);
  databaseUrl = fs.readFileSync(`.data/e2e-${port}.database-url`, "utf8");
});

test.afterAll(async () => {
  if (server?.exitCode === null) {
    const gone = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await gone;
  }
  await emulator?.close();
});

test("a card top-up goes to the emulator's checkout page, back, and is credited by the webhook", async ({
  page,
}) => {
  await registerFresh(page, "card");
  await page.goto("/wallet");
  await expect(page.getByTestId("demo-payments")).toHaveCount(0);
  await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
  await page.getByTestId("topup-open").click();
  await page.getByLabel("Amount (USD)").fill("42.10");
  await page.getByTestId("topup-submit").click();

  // Stripe's page (the emulator's): exactly the amount asked for.
  await expect(page).toHaveURL(new RegExp(`^${emulator.url}/pay/`));
  await expect(page.getByRole("heading", { name: "Pay $42.10" })).toBeVisible();
  await page.getByRole("button", { name: "Pay $42.10" }).click();

  // Back on the wallet, credited once by the signed checkout.session.completed.
  await expect(page).toHaveURL(/\/wallet\?topUp=\d+/);
  await expect(page.getByTestId("toast").filter({ hasText: "Top Up Successful" })).toContainText(
    "$42.10 has been added to your wallet",
  );
  await expect(page.getByTestId("wallet-balance")).toHaveText("$42.10");
  await expect(page.getByTestId("transaction")).toHaveCount(1);
  const session = [...emulator.sessions.values()].at(-1)!;
  expect(session.amount_total).toBe(4210);

  // A replay of the same event credits nothing twice.
  const replay = emulator.sign("checkout.session.completed", session, { id: "evt_replay_e2e" });
  await emulator.deliver!(replay.payload, replay.signature);
  await emulator.deliver!(replay.payload, replay.signature);
  await page.reload();
  await expect(page.getByTestId("wallet-balance")).toHaveText("$42.10");
});

test("a farmer sets up payouts on Stripe, a payout runs, and its statement shows the orders", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The seeded farm with the oldest earnings no payout has collected (over 9 days old: past any
  // week's hold, whatever the weekday).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ email: string; farmName: string }>(`
    SELECT u."email", f."farmName" FROM "Farm" f JOIN "User" u ON u."id" = f."userId"
    WHERE EXISTS (SELECT 1 FROM "FarmLedgerEntry" e WHERE e."farmId" = f."id" AND e."payoutId" IS NULL
                    AND e."createdAt" < now() - interval '9 days')
    ORDER BY f."id" LIMIT 1`);
  await client.end();
  expect(rows, "a seeded farm with earnings to pay out").toHaveLength(1);
  const [farm] = rows;
  await signInSeeded(page, farm);
  await page.goto("/my-farm/payouts");
  await expect(page.getByTestId("demo-payments")).toHaveCount(0);
  await page.getByRole("button", { name: "Set up payouts" }).click();

  // The emulator's onboarding marks the account ready (account.updated) and sends the farmer back.
  await expect(page).toHaveURL(/\/my-farm\/payouts$/);
  await expect(page.getByTestId("payouts-connected")).toHaveText(
    "Payouts go to your Stripe account",
  );
  await expect(page.getByRole("button", { name: "Set up payouts" })).toHaveCount(0);
  await auditPage(page, "/my-farm/payouts");

  // Ops (or the weekly worker) run the payouts; this farm's is a transfer to its account.
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "scripts/payouts-run.ts"],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        STRIPE_SECRET_KEY: emulator.secretKey,
        STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
        STRIPE_API_URL: emulator.url,
      },
    },
  );
  expect(stdout).toMatch(/payout\(s\) created; [1-9]\d* paid/);
  const [transfer] = [...emulator.transfers.values()];
  expect(transfer.destination).toMatch(/^acct_/);

  await page.reload();
  const list = page.getByTestId("payout-list");
  const latest = list.getByRole("listitem").first();
  await expect(latest.getByText("Paid", { exact: true })).toBeVisible();
  await expect(latest).toContainText(`Ref ${String(transfer.id)}`);
  const href = await latest.getByRole("link", { name: "Statement" }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  expect(text).toContain(farm.farmName);
  expect(text).toMatch(/Payout statement #\d+/);
  expect(text).toMatch(/Order\s+Sale\s+Commission\s+Net/);
  expect(text).toMatch(/Order #\d+/);
  expect(text).toContain(`$${(Number(transfer.amount) / 100).toFixed(2)}`);
});
