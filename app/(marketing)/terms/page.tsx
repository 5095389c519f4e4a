import Link from "next/link";
import { ContentPage, Prose } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/terms.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/terms");

export default function TermsPage() {
  return (
    <ContentPage hero={copy.hero}>
      <Prose>
        <h2>1. Who we are</h2>
        <p>
          Fieldfare Marketplace Ltd. (&ldquo;Fieldfare&rdquo;, &ldquo;we&rdquo;) operates an online
          marketplace that connects independent farms (&ldquo;sellers&rdquo;) with households and
          businesses (&ldquo;buyers&rdquo;) in the Okanagan region of British Columbia. Fieldfare is
          not the seller of the produce listed; each farm sells its own products.
        </p>
        <h2>2. Your account</h2>
        <p>
          You must be at least 19 years old to create an account and to buy alcoholic products. Keep
          your password confidential; you are responsible for activity on your account. Tell us at
          once if you believe it has been used without your permission.
        </p>
        <h2>3. Wallet and payments</h2>
        <ul>
          <li>
            Orders are paid from your prepaid Fieldfare wallet. A single top-up is limited to
            $10,000.00.
          </li>
          <li>
            Wallet balances are held in trust for you, do not expire and do not earn interest. On
            request we refund an unused balance to the original payment method when you close your
            account.
          </li>
          <li>
            Prices are set by sellers and shown before checkout. The amount charged is always
            calculated from the prices on our servers at the time of checkout.
          </li>
        </ul>
        <h2>4. Orders, cancellations and refunds</h2>
        <p>
          When you check out, your basket becomes one order per farm. You may cancel an active order
          at any time before it is completed; the full amount is refunded to your wallet
          immediately. If produce arrives damaged or below the quality described, report it within
          48 hours for a credit.
        </p>
        <h2>5. Sellers</h2>
        <p>
          Sellers are responsible for the accuracy of their listings, for holding the licences and
          insurance their products require, and for food safety up to collection. Fieldfare deducts
          its published commission from each completed sale and pays sellers weekly.
        </p>
        <h2>6. Acceptable use</h2>
        <p>
          Do not misuse the service: no fraudulent orders, no scraping or automated access beyond
          our documented API and its rate limits, no harassment in messages, and no attempts to
          access another person&apos;s account or data.
        </p>
        <h2>7. Liability</h2>
        <p>
          To the extent permitted by law, Fieldfare&apos;s liability for any claim relating to an
          order is limited to the amount you paid for that order. Nothing in these terms limits
          rights you have under British Columbia consumer protection law.
        </p>
        <h2>8. Changes and contact</h2>
        <p>
          We will give at least 30 days&apos; notice of material changes by email. Questions about
          these terms: see our <Link href="/contact">contact page</Link>. How we handle personal
          information is described in our <Link href="/privacy">Privacy Policy</Link>.
        </p>
        <p>
          These terms are governed by the laws of British Columbia and the federal laws of Canada
          that apply there.
        </p>
      </Prose>
    </ContentPage>
  );
}
