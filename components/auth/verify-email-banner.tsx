"use client";
import { useState } from "react";
import { usePathname } from "next/navigation";
import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { useAuth } from "./auth-provider";

/**
 * Until the user's email is verified (docs/accounts.md), every signed-in page says so: Fieldfare
 * sends that address no receipts or updates, and "Resend" mails a new link (throttled). Not on
 * Messages, whose chat fills the screen.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const pathname = usePathname();
  const [sending, setSending] = useState(false);
  // Messages fill the screen between header and tab bar: the banner would push the composer off.
  if (!user || user.emailVerified || pathname.startsWith("/messages")) return null;

  async function resend() {
    setSending(true);
    try {
      await apiFetch("/api/email/verification", { method: "POST" });
      toast({ title: "Link sent", description: `Check your inbox at ${user!.email}.` });
    } catch (e) {
      toastFailure("Could not send the link", e, "Please try again later.");
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-label="Verify your email"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-ink"
    >
      <MailWarning aria-hidden className="h-5 w-5 shrink-0 text-amber-800" />
      <p className="min-w-0 flex-1">
        Please confirm your email address: we sent a link to{" "}
        <strong className="break-all">{user.email}</strong>. Until then we send you no receipts or
        order updates.
      </p>
      <Button variant="outline" size="sm" onClick={() => void resend()} disabled={sending}>
        {sending ? "Sending..." : "Resend"}
      </Button>
    </section>
  );
}
