import { describe, expect, it } from "vitest";
import { registerSchema } from "@/lib/validators/auth";
import { productSchema } from "@/lib/validators/farm";
import { sendMessageSchema } from "@/lib/validators/messages";
import { waitlistSchema } from "@/lib/validators/submissions";
import { trimInvisible } from "@/lib/validators/text";

describe("invisible characters around human text", () => {
  it.each([
    ["\u200b", ""],
    [" \u200bMara\u200d ", "Mara"],
    ["\u2060\u200e\u200fAna Ruiz\ufeff", "Ana Ruiz"],
    // Inside the text they are real characters (ZWJ emoji, Persian ZWNJ): kept.
    ["👩\u200d🌾 farmer", "👩\u200d🌾 farmer"],
    ["می\u200cخواهم", "می\u200cخواهم"],
  ])("trimInvisible(%j) = %j", (input, expected) => {
    expect(trimInvisible(input)).toBe(expected);
  });

  it("rejects names, messages and products made only of invisible characters, with the field's message", () => {
    const waitlist = waitlistSchema.safeParse({
      fullName: "\u200b\u200b\u200b",
      email: "mara@example.test",
      companyName: "\u2060",
      role: "farmer",
    });
    expect(waitlist.success).toBe(false);
    expect(waitlist.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["fullName", "Name must be at least 2 characters"],
      ["companyName", "Company name is required"],
    ]);
    const register = registerSchema.safeParse({
      fullName: "\u200e\u200f",
      email: "a@b.co",
      password: "long enough pw",
      confirmPassword: "long enough pw",
    });
    expect(register.error?.issues[0]).toMatchObject({
      path: ["fullName"],
      message: "Full name is required",
    });
    const message = sendMessageSchema.safeParse({ receiverId: 3, content: "\u200b \u200d" });
    expect(message.error?.issues[0]).toMatchObject({
      path: ["content"],
      message: "Message cannot be empty",
    });
    const product = productSchema.safeParse({
      name: "\u200bA\u200b",
      description: "",
      price: 2,
      unit: "\u2060",
      stock: 1,
      categoryId: null,
      isFeatured: false,
    });
    expect(product.error?.issues.map((i) => i.message)).toEqual([
      "Product name must be at least 2 characters",
      "Unit is required",
    ]);
  });

  it("stores the visible text without the invisible ends", () => {
    expect(
      waitlistSchema.parse({
        fullName: "\u200bMara Chen\u200b",
        email: "mara@example.test",
        companyName: "Chen Orchards",
        role: "farmer",
      }).fullName,
    ).toBe("Mara Chen");
  });
});
