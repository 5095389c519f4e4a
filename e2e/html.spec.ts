import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { publicPages } from "../components/marketing/pages";
import {
  BUYER_PAGES,
  FARM_PASSWORD,
  FARMER,
  SEEDED_FARMERS,
  SEEDED_RESTAURANTS,
  shareLinkTokenFor,
  signIn,
  unsubscribeTokenFor,
} from "./support";

/**
 * Valid HTML: the markup every page serves passes the Nu Html Checker (vnu, the W3C validator's
 * engine, from the vnu-jar package; it needs a Java runtime). Pages are fetched as each kind of
 * user sees them, written to a folder and checked in one run of the checker. The markup does not
 * depend on the viewport, so this runs in the desktop project only.
 */
const run = promisify(execFile);
const VNU = path.join(process.cwd(), "node_modules/vnu-jar/build/dist/vnu.jar");

async function javaMissing(): Promise<string | null> {
  try {
    await run("java", ["-version"]);
    return null;
  } catch {
    return "no Java runtime on this machine (the Nu Html Checker is a Java program): install a JRE to run this check";
  }
}

type VnuMessage = {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

/** Fetches each path as the page's signed-in user (or signed out) and stores the served HTML. */
async function collect(page: Page, dir: string, label: string, paths: string[]) {
  for (const p of paths) {
    const res = await page.request.get(p);
    expect(res.status(), `${label} ${p}`).toBe(200);
    expect(res.headers()["content-type"], `${label} ${p}`).toContain("text/html");
    const name = `${label}${p}`.replace(/[^a-z0-9]+/gi, "_");
    fs.writeFileSync(path.join(dir, `${name}.html`), await res.text());
  }
}

test(
  "every page serves valid HTML (Nu Html Checker)",
  { tag: "@desktop-only" },
  async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const reason = await javaMissing();
    test.skip(reason !== null, reason ?? "");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldfare-html-"));

    const as = async (
      label: string,
      paths: (page: Page) => Promise<string[]>,
      account?: { email: string; password: string },
    ) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      if (account) await signIn(page, account.email, account.password);
      await collect(page, dir, label, await paths(page));
      await context.close();
    };

    await as("public", async (page) => {
      const products = (await (
        await page.request.get("/api/products/search?q=apple&limit=5")
      ).json()) as { id: number; farm?: { id: number }; farmId?: number }[];
      const p = products[0];
      return [
        ...publicPages.map((x) => x.path),
        "/auth",
        "/auth?tab=register",
        "/search?q=apple",
        `/products/${p.id}`,
        `/farms/${p.farmId ?? p.farm?.id}`,
      ];
    });
    await as(
      "shopper",
      async (page) => {
        const chats = (await (await page.request.get("/api/messages/chats")).json()) as {
          user: { id: number };
        }[];
        const other = chats[0]?.user.id;
        const me = ((await (await page.request.get("/api/user")).json()) as { id: number }).id;
        // The demo shopper's seeded share: its box email's skip link opens a confirm page.
        const shares = (await (await page.request.get("/api/me/shares")).json()) as {
          id: number;
          nextBox: { date: string; cutoff: string } | null;
        }[];
        const box = shares.find((s) => s.nextBox);
        return [
          ...BUYER_PAGES,
          "/shares",
          ...(other ? [`/messages/${other}`] : []),
          `/unsubscribe/${unsubscribeTokenFor(me, "unread_messages")}`,
          ...(box?.nextBox
            ? [`/share-link/${shareLinkTokenFor(box.id, box.nextBox.date, box.nextBox.cutoff)}`]
            : []),
        ];
      },
      { email: "demo@fieldfare.app", password: "harvest-demo-2026" },
    );
    await as(
      "farmer",
      async () => [
        "/my-farm",
        "/my-farm/orders",
        "/my-farm/products",
        "/my-farm/products/new",
        "/my-farm/fulfilment",
        "/my-farm/pack-list",
        "/my-farm/shares",
        "/my-farm/profile",
      ],
      FARMER,
    );
    await as("restaurant", async () => ["/standing-orders", "/invoices", "/home"], {
      email: SEEDED_RESTAURANTS.olivia.email,
      password: FARM_PASSWORD,
    });
    // Glenmore Valley Greens gives Bench Bistro credit: its Customers page has a credit bar and a statement.
    await as("farm with a credit customer", async () => ["/my-farm/customers"], {
      email: SEEDED_FARMERS.daniel.email,
      password: FARM_PASSWORD,
    });

    const files = fs.readdirSync(dir).map((f) => path.join(dir, f));
    // vnu exits 1 when it finds errors and writes its JSON report to stderr either way.
    const out = await run("java", ["-jar", VNU, "--format", "json", "--errors-only", ...files], {
      maxBuffer: 32 * 1024 * 1024,
    }).catch((e: { stderr?: string; code?: number }) => {
      if (e.code !== 1 || !e.stderr) throw e;
      return { stderr: e.stderr };
    });
    const messages = (JSON.parse(out.stderr) as { messages: VnuMessage[] }).messages.filter(
      (m) => m.type === "error" || m.subType === "fatal",
    );
    expect(
      messages.map(
        (m) =>
          `${path.basename(m.url)}:${m.lastLine ?? "?"} ${m.message} — ${(m.extract ?? "").trim().slice(0, 120)}`,
      ),
      `Nu Html Checker errors in ${files.length} pages`,
    ).toEqual([]);
    expect(files.length).toBeGreaterThan(30);
    fs.rmSync(dir, { recursive: true, force: true });
  },
);
