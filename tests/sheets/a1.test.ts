import { describe, expect, it } from "vitest";
import { idColumnRange, rowRange, rowRanges } from "@/lib/server/sheets/a1";
import { loadSheetsConfig } from "@/lib/server/sheets/config";
import { backoffMs } from "@/lib/server/sheets/outbox";

describe("A1 helpers", () => {
  it.each([
    ["Waitlist!A:G", "Waitlist!G:G"],
    ["'Ops sheet'!B:H", "'Ops sheet'!H:H"],
    ["A1:G", "G:G"],
    ["Sheet1!U2:AA", "Sheet1!AA:AA"],
  ])("id column of %s is %s", (range, expected) => expect(idColumnRange(range)).toBe(expected));

  it("splits an append's updatedRange into one range per row", () => {
    expect(rowRanges("Waitlist!A5:G7", 3)).toEqual([
      "Waitlist!A5:G5",
      "Waitlist!A6:G6",
      "Waitlist!A7:G7",
    ]);
    expect(rowRange("Waitlist!A:G", 12)).toBe("Waitlist!A12:G12");
  });
});

describe("retry policy", () => {
  const policy = {
    backoffBaseMs: 1000,
    backoffMaxMs: 60_000,
    maxAttempts: 12,
    failedRetryMs: 3_600_000,
  };
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [4, 1, 8000],
    [20, 1, 60_000],
    [20, 0, 30_000],
  ])("attempt %i with jitter %d waits %i ms", (attempts, random, expected) => {
    expect(backoffMs(attempts, policy, 0, () => random)).toBe(expected);
  });
  it("honours a longer Retry-After", () =>
    expect(backoffMs(1, policy, 30_000, () => 1)).toBe(30_000));
});

describe("configuration", () => {
  it("is off without a spreadsheet or credentials, with the reason", () => {
    expect(loadSheetsConfig({}).offReason).toMatch(/GOOGLE_SHEETS_SPREADSHEET_ID/);
    expect(loadSheetsConfig({ GOOGLE_SHEETS_SPREADSHEET_ID: "x" }).offReason).toMatch(
      /GOOGLE_SERVICE_ACCOUNT_EMAIL/,
    );
  });
  it("reads a service account from env with escaped newlines, defaults the range", () => {
    const c = loadSheetsConfig({
      GOOGLE_SHEETS_SPREADSHEET_ID: "x",
      GOOGLE_SERVICE_ACCOUNT_EMAIL: "a@b.iam",
      GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: "-----BEGIN\\nKEY\\n-----END",
    });
    expect(c.offReason).toBeNull();
    expect(c.serviceAccount?.privateKey).toBe("-----BEGIN\nKEY\n-----END");
    expect(c.range).toBe("Waitlist!A:G");
    expect(c.requestWaitMs).toBe(2000);
  });
});
