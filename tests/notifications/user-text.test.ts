import { describe, expect, it } from "vitest";
import * as messagesRoute from "@/app/api/messages/route";
import { queueUnreadDigests } from "@/lib/server/notifications/scans";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { createAddress, createPickupAndDelivery } from "../support/fulfilment";
import { listSlots } from "@/lib/server/fulfilment/slots";
import * as ordersRoute from "@/app/api/orders/route";
import { topUp } from "../wallet/support";
import { outboxPerTest } from "./outbox";

/**
 * Issue #30, defect 2: text a user wrote reaches an email only as labelled, quoted user content,
 * never in a subject or a heading of ours, and never as a clickable link.
 */
const smtp = outboxPerTest();

const PHISH = "Fieldfare Payouts Team";
const LINK = "https://fieldfare-payouts.example/verify";

describe("user text in emails", () => {
  it("a message digest never puts the sender's name in the subject, and quotes their words with dead links", async () => {
    const sender = await createUserWithSession({ fullName: PHISH });
    const farmer = await createFarmerWithSession();
    const sent = await call(messagesRoute.POST, "/api/messages", {
      cookie: sender.cookie,
      body: {
        receiverId: farmer.user.id,
        content: `Your payout is on hold. Verify at ${LINK} now.`,
      },
    });
    expect(sent.status, sent.text).toBe(201);
    const later = new Date(Date.now() + 11 * 60_000);
    await queueUnreadDigests(later);
    await sendDueNotifications({ mailer: smtp().mailer(), now: later });
    expect(smtp().mails).toHaveLength(1);
    const mail = smtp().mails[0];
    expect(mail.subject).toBe("You have an unread message on Fieldfare");
    expect(mail.subject).not.toContain(PHISH);
    const html = String(mail.html);
    expect(html).toContain("Message from Fieldfare Payouts Team (a Fieldfare user):");
    expect(html).toMatch(
      /<blockquote[^>]*>Your payout is on hold\. Verify at https\[:\]\/\/fieldfare-payouts\[\.\]example\/verify now\.<\/blockquote>/,
    );
    expect(html).not.toContain(LINK);
    expect(html).not.toContain("fieldfare-payouts.example");
    expect(mail.text).toContain(
      "> Your payout is on hold. Verify at https[:]//fieldfare-payouts[.]example/verify now.",
    );
    expect(mail.text).not.toContain(LINK);
    expect(html.match(/<h1[^>]*>([^<]*)<\/h1>/)![1]).not.toContain(PHISH);
  });

  it("the farm's new-order email quotes the buyer's name and the delivery address from the address book", async () => {
    const buyer = await createUserWithSession({ fullName: PHISH });
    const farmer = await createFarmerWithSession({ farmName: "Green Acres" });
    await createPickupAndDelivery(farmer.farm.id);
    const apples = await createProduct(farmer.farm.id, { priceCents: 1000, stock: 100 });
    await topUp(buyer.cookie, 100);
    const home = await createAddress(buyer.user.id, { line1: `SECURITY NOTICE visit ${LINK}` });
    const slot = (await listSlots(farmer.farm.id, 14)).find((s) => s.kind === "delivery")!;
    const res = await call(ordersRoute.POST, "/api/orders", {
      cookie: buyer.cookie,
      body: {
        items: [{ productId: apples.id, quantity: 2 }],
        fulfilment: { [farmer.farm.id]: { slotId: slot.slotId, addressId: home.id } },
      },
    });
    expect(res.status, res.text).toBe(201);
    await sendDueNotifications({ mailer: smtp().mailer(), now: new Date(Date.now() + 1000) });
    const toFarm = smtp().mails.find((m) => m.subject?.startsWith("New order #"))!;
    expect(toFarm.subject).toBe(`New order #${res.json.orders[0].id}`);
    expect(toFarm.text).toContain(`Buyer (the name a Fieldfare user gave):\n> ${PHISH}`);
    expect(toFarm.text).toContain(
      "Delivery address (from the buyer's address book):\n> SECURITY NOTICE visit https[:]//fieldfare-payouts[.]example/verify, Kelowna V1Y 6N2",
    );
    for (const m of smtp().mails) {
      expect(String(m.html)).not.toContain(LINK);
      expect(m.subject).not.toContain(PHISH);
    }
  });
});
