import Link from "next/link";
import { ContentPage, Prose } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/privacy.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/privacy");

export default function PrivacyPage() {
  return (
    <ContentPage hero={copy.hero}>
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details</strong>: your name, email, optional username and phone number,
            delivery address and profile picture.
          </li>
          <li>
            <strong>Orders and wallet</strong>: what you ordered, from which farm, amounts, top-ups
            and refunds.
          </li>
          <li>
            <strong>Messages</strong> you exchange with farms and buyers on Fieldfare, including
            attachments.
          </li>
          <li>
            <strong>Waitlist, demo and newsletter sign-ups</strong>: your name, email, company, role
            and phone number where you give them.
          </li>
          <li>
            <strong>Technical data</strong>: a session cookie that keeps you signed in, and server
            logs (IP address, time, page) kept for 30 days to protect the service from abuse.
          </li>
        </ul>
        <h2>How we use it</h2>
        <p>
          To create and secure your account, deliver your orders, pay farms, answer your messages
          and send you the newsletter you asked for. Waitlist and demo requests are shared with our
          operations team through a Google Sheets spreadsheet so they can contact you.
        </p>
        <h2>Who we share it with</h2>
        <p>
          Farms see the name, delivery address and items of orders placed with them. Our service
          providers (hosting, email and Google Workspace) process data on our behalf under contract.
          We do not sell personal information or use it for third-party advertising.
        </p>
        <h2>Cookies</h2>
        <p>
          We use one essential, HTTP-only session cookie. We do not use advertising or cross-site
          tracking cookies.
        </p>
        <h2>How long we keep it</h2>
        <p>
          Account data is kept while your account is open and deleted within 90 days of closing it,
          except order and payment records that tax law requires us to keep for six years.
        </p>
        <h2>Your rights</h2>
        <p>
          Under British Columbia&apos;s Personal Information Protection Act you may ask for a copy
          of your personal information, ask us to correct it, or withdraw consent to optional uses
          such as the newsletter (every newsletter has an unsubscribe link). Write to us through the{" "}
          <Link href="/contact">contact page</Link>; we answer within 30 days.
        </p>
        <p>
          See also our <Link href="/terms">Terms of Service</Link>.
        </p>
      </Prose>
    </ContentPage>
  );
}
