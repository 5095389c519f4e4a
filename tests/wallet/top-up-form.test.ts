import { describe, expect, it } from "vitest";
import { topUpFormSchema } from "@/lib/validators/wallet";

// The dialog's field is plain text: what the buyer typed reaches the schema whole, so a letter
// refuses the amount instead of being dropped by the browser.
describe("the top-up dialog's amount", () => {
  it.each([
    ["25", 25],
    ["25.5", 25.5],
    ["25.50", 25.5],
    [" 10 ", 10],
    [".5", 0.5],
    ["10000", 10_000],
  ])("takes %j as %d", (text, amount) => {
    expect(topUpFormSchema.parse({ amount: text })).toEqual({ amount });
  });

  it.each([
    ["a letter O for a zero", "2O"],
    ["a letter first", "O2"],
    ["a word", "abc"],
    ["an exponent", "2e1"],
    ["hexadecimal", "0x10"],
    ["Infinity", "Infinity"],
    ["a thousands comma", "1,000"],
    ["two points", "1.2.3"],
    ["a sign", "+5"],
    ["a space inside", "1 0"],
    ["empty", ""],
  ])("refuses %s (%j) with 'Please enter a valid amount'", (_name, text) => {
    const parsed = topUpFormSchema.safeParse({ amount: text });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Please enter a valid amount"]);
  });
});
