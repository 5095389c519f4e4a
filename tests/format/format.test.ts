import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  formatChatTime,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDay,
  formatDistance,
  formatMessageListTime,
  formatCutoff,
  formatNextSlot,
  formatRating,
  formatSlot,
  formatSlotDate,
  formatSlotDay,
  formatSlotWeekday,
  formatTime,
  formatItemCount,
  formatQuantity,
  formatUnits,
  initials,
  possessive,
} from "@/lib/format";

describe("initials: first + last word, one word → two letters, empty → ?", () => {
  it.each([
    ["Jordan Rivera", "JR"],
    ["jordan rivera", "JR"],
    ["Mary Ann van der Berg", "MB"],
    ["  Jordan   Rivera  ", "JR"],
    ["Jordan", "JO"],
    ["jo", "JO"],
    ["j", "J"],
    ["  cher  ", "CH"],
    ["", "?"],
    ["   ", "?"],
    ["\t\n", "?"],
    ["Émile Zola", "ÉZ"],
    ["Ørjan", "ØR"],
  ])("%j → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("treats null and undefined as empty", () => {
    expect(initials(null)).toBe("?");
    expect(initials(undefined)).toBe("?");
  });
});

describe("possessive: an apostrophe alone after a final s", () => {
  it.each([
    ["Glenmore Valley Greens", "Glenmore Valley Greens'"],
    ["Westbank Cellars", "Westbank Cellars'"],
    ["Winfield Creamery", "Winfield Creamery's"],
    ["Okanagan Mission Mushroom Co.", "Okanagan Mission Mushroom Co.'s"],
    [" Sunny Slope Orchards ", "Sunny Slope Orchards'"],
  ])("%s → %s", (name, expected) => {
    expect(possessive(name)).toBe(expected);
  });
});

describe("quantities read as a size and what holds it, never '6 250 g bag'", () => {
  it.each([
    [6, "250 g bag", "6 bags (250 g)"],
    [1, "250 g bag", "1 bag (250 g)"],
    [24, "lb", "24 lb"],
    [3, "bunch", "3 bunches"],
    [2, "2 lb box", "2 boxes (2 lb)"],
    [6, "1 L glass bottle", "6 glass bottles (1 L)"],
    [4, "4-pack (473 ml cans)", "4 4-packs (473 ml cans)"],
    [6, "250 g", "6 × 250 g"],
    [2, "dozen", "2 dozen"],
    [3, "each", "3 each"],
    [2, "half dozen ears", "2 half dozen ears"],
  ])("%i × %s → %s", (n, unit, expected) => {
    expect(formatUnits(n, unit)).toBe(expected);
  });

  it("a line bought by the case says its cases first", () => {
    expect(formatQuantity(12, "250 g bag", 6)).toBe("2 cases × 6 bags (250 g)");
    expect(formatQuantity(6, "bunch", 6)).toBe("1 case × 6 bunches");
    expect(formatQuantity(3, "250 g bag", 1)).toBe("3 bags (250 g)");
    // Not a whole number of cases (bought singly): units.
    expect(formatQuantity(7, "bunch", 6)).toBe("7 bunches");
  });

  it("a cart or an order counts cases and the items in them the same way", () => {
    const cases = { quantity: 12, caseSize: 6 };
    expect(formatItemCount([cases, cases])).toBe("4 cases (24 items)");
    expect(formatItemCount([{ quantity: 1, caseSize: 1 }])).toBe("1 item");
    expect(formatItemCount([{ quantity: 3, caseSize: 1 }])).toBe("3 items");
    expect(formatItemCount([cases, { quantity: 3, caseSize: 1 }])).toBe(
      "2 cases + 3 items (15 items)",
    );
    expect(formatItemCount([{ quantity: 6, caseSize: 6 }])).toBe("1 case (6 items)");
  });
});

describe("formatCurrency (USD, en-US, 2 decimals)", () => {
  it.each([
    [1234.5, "$1,234.50"],
    [0, "$0.00"],
    [-0, "$0.00"],
    [5, "$5.00"],
    [0.1 + 0.2, "$0.30"],
    [1234567.891, "$1,234,567.89"],
    [0.125, "$0.13"], // exactly representable: half rounds away from zero
    [0.004, "$0.00"],
    [-0.004, "$0.00"], // rounds to zero: no "-$0.00"
    [-12.5, "-$12.50"],
    [-1234.567, "-$1,234.57"],
    [59.68, "$59.68"],
  ])("%d → %s", (value, expected) => {
    expect(formatCurrency(value)).toBe(expected);
  });

  it("writes what Intl.NumberFormat writes, over 20,000 amounts of every size and sign, ties included", () => {
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: "negative",
    });
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const amounts: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const magnitude = 10 ** Math.floor(random() * 13 - 3);
      amounts.push((random() - 0.3) * magnitude);
      // Cents and half-cents, as prices and their halves are written.
      amounts.push(Math.round((random() - 0.3) * 2_000_000) / 200);
    }
    amounts.push(0.005, 0.015, 1.005, 2.675, 1e15 + 0.5, 999.995, -999.995, 1e20, 1e21, -1e22);
    for (const a of amounts) expect(formatCurrency(a), String(a)).toBe(intl.format(a));
  });

  it("shows a dash for non-finite amounts instead of NaN", () => {
    expect(formatCurrency(Number.NaN)).toBe("—");
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("dates and times (America/Vancouver by default)", () => {
  // 2026-11-22 22:05 UTC is 15:05 in Vancouver: UTC−7 for good from 1 November 2026 (tz database
  // 2026b on; Node 20's own data, 2025c, still says PST and 14:05).
  const afternoon = "2026-11-22T22:05:00.000Z";

  it("defaults to the marketplace time zone", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/Vancouver");
    expect(formatDate(afternoon)).toBe("Nov 22, 2026");
  });

  it("formatDate: short month, day, year; accepts Date, string and epoch ms", () => {
    expect(formatDate(new Date(afternoon))).toBe("Nov 22, 2026");
    expect(formatDate(Date.parse(afternoon))).toBe("Nov 22, 2026");
    expect(formatDate("2026-01-05T12:00:00Z")).toBe("Jan 5, 2026");
  });

  it("formatDate follows the time zone across midnight", () => {
    const lateUtc = "2026-11-23T03:00:00Z"; // still Nov 22 in Vancouver
    expect(formatDate(lateUtc)).toBe("Nov 22, 2026");
    expect(formatDate(lateUtc, { timeZone: "UTC" })).toBe("Nov 23, 2026");
  });

  it("formatTime: 12-hour with a plain space before AM/PM", () => {
    expect(formatTime(afternoon)).toBe("3:05 PM");
    expect(formatTime(afternoon, { timeZone: "UTC" })).toBe("10:05 PM");
    expect(formatTime("2026-11-22T07:00:00Z")).toBe("12:00 AM"); // midnight
    expect(formatTime("2026-11-22T19:00:00Z")).toBe("12:00 PM"); // noon
    expect(formatTime("2026-11-22T16:09:00Z")).toBe("9:09 AM");
    // Before 8 March 2026, the last change, winter was still PST (UTC−8).
    expect(formatTime("2026-02-22T17:09:00Z")).toBe("9:09 AM");
    expect(formatTime(afternoon)).not.toMatch(/[\u202f\u00a0]/);
  });

  it("formatMessageListTime: 24-hour HH:MM", () => {
    expect(formatMessageListTime(afternoon)).toBe("15:05");
    expect(formatMessageListTime("2026-11-22T07:00:00Z")).toBe("00:00"); // midnight, never 24:00
    expect(formatMessageListTime("2026-11-22T07:07:00Z")).toBe("00:07");
    expect(formatMessageListTime("2026-11-22T19:00:00Z")).toBe("12:00"); // noon
    expect(formatMessageListTime("2026-11-22T16:09:00Z")).toBe("09:09");
    // A zone outside our data falls back to the runtime's.
    expect(formatMessageListTime(afternoon, { timeZone: "Asia/Tokyo" })).toBe("07:05");
  });

  it("formatChatTime: 12-hour", () => {
    expect(formatChatTime(afternoon)).toBe("3:05 PM");
    expect(formatChatTime("2026-11-22T07:00:00Z")).toBe("12:00 AM");
  });

  it("daylight saving time is respected", () => {
    // July: PDT, UTC-7.
    expect(formatTime("2026-07-01T22:05:00Z")).toBe("3:05 PM");
    expect(formatMessageListTime("2026-07-01T22:05:00Z")).toBe("15:05");
  });

  it("invalid dates give an empty string rather than 'Invalid Date'", () => {
    for (const bad of ["not a date", "", new Date(Number.NaN), Number.NaN]) {
      expect(formatDate(bad)).toBe("");
      expect(formatTime(bad)).toBe("");
      expect(formatMessageListTime(bad)).toBe("");
      expect(formatChatTime(bad)).toBe("");
    }
  });
});

describe("one date style everywhere: the spec's short month, day and year", () => {
  it("a moment, a calendar day and a moment with its time read alike", () => {
    // 2026-12-05 17:44 UTC is 10:44 in Vancouver (UTC−7).
    expect(formatDate("2026-12-05T17:44:00Z")).toBe("Dec 5, 2026");
    expect(formatDateTime("2026-12-05T17:44:00Z")).toBe("Dec 5, 2026, 10:44 AM");
    expect(formatDay("2026-12-15")).toBe("Dec 15, 2026");
    expect(formatDay("2027-01-01")).toBe("Jan 1, 2027");
  });

  it("a calendar day is not moved by any zone, and what is not a day gives nothing", () => {
    expect(formatDay("2026-11-01")).toBe("Nov 1, 2026");
    expect(formatDay("2026-13-01")).toBe("");
    expect(formatDay("2026-11-01T12:00:00Z")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("slots and a farm's days: weekday, month and day, the year only where asked", () => {
    expect(formatSlotDay("2026-12-05T09:00:00.000-07:00")).toBe("Sat, Dec 5");
    expect(formatSlotDay("2026-12-05T00:00")).toBe("Sat, Dec 5");
    expect(formatSlotDate("2026-12-05T00:00")).toBe("Sat, Dec 5, 2026");
  });
});

describe("formatDistance (one decimal, miles on farm cards, km on orders)", () => {
  it.each([
    [2.4, "mi", "2.4 mi"],
    [3.94, "km", "3.9 km"],
    [3.96, "km", "4.0 km"],
    [0, "mi", "0.0 mi"],
    [25, "mi", "25.0 mi"],
    [0.25, "mi", "0.3 mi"],
    [-0.01, "km", "0.0 km"],
  ] as const)("%d %s → %s", (value, unit, expected) => {
    expect(formatDistance(value, unit)).toBe(expected);
  });

  it("defaults to miles and dashes non-finite values", () => {
    expect(formatDistance(1.26)).toBe("1.3 mi");
    expect(formatDistance(Number.NaN, "km")).toBe("—");
  });
});

describe("formatRating (one decimal)", () => {
  it.each([
    [4.5, "4.5"],
    [5, "5.0"],
    [4.85, "4.8"], // 4.85 is 4.8499… in binary
    [4.86, "4.9"],
    [3.8, "3.8"],
    [0, "0.0"],
    [Number.NaN, "0.0"],
  ])("%d → %s", (value, expected) => {
    expect(formatRating(value)).toBe(expected);
  });
});

describe("slot times read the farm-local clock from the ISO text (docs/fulfilment.md)", () => {
  it.each([
    // the old winter (-08:00) and the permanent -07:00 both show the farm's own wall clock
    [
      "2026-02-28T09:00:00.000-08:00",
      "2026-02-28T13:00:00.000-08:00",
      "Sat, Feb 28, 9:00 am–1:00 pm",
    ],
    [
      "2026-11-28T09:00:00.000-07:00",
      "2026-11-28T13:00:00.000-07:00",
      "Sat, Nov 28, 9:00 am–1:00 pm",
    ],
    ["2026-07-04T09:00:00.000-07:00", "2026-07-04T11:30:00.000-07:00", "Sat, Jul 4, 9:00–11:30 am"],
    ["2026-12-02T16:00:00.000-07:00", "2026-12-02T19:00:00.000-07:00", "Wed, Dec 2, 4:00–7:00 pm"],
    [
      "2026-12-02T12:00:00.000-07:00",
      "2026-12-03T00:00:00.000-07:00",
      "Wed, Dec 2, 12:00 pm–12:00 am",
    ],
  ])("%s – %s → %s", (start, end, expected) => {
    expect(formatSlot(start, end)).toBe(expected);
  });

  it("writes a cutoff compactly and the next-slot sentence", () => {
    expect(formatCutoff("2026-11-26T18:00:00.000-07:00")).toBe("Thu 6 pm");
    expect(formatCutoff("2026-11-26T18:30:00.000-07:00")).toBe("Thu 6:30 pm");
    expect(formatCutoff("2026-11-26T00:00:00.000-07:00")).toBe("Thu 12 am");
    expect(
      formatNextSlot({
        kind: "pickup",
        start: "2026-11-28T09:00:00.000-07:00",
        cutoff: "2026-11-26T18:00:00.000-07:00",
      }),
    ).toBe("Order by Thu 6 pm for Sat pickup");
    expect(formatSlotWeekday("not a date")).toBe("");
  });
});
