import { ContactForm } from "@/components/marketing/contact-form";
import { ContentPage } from "@/components/marketing/page-shell";
import copy from "@/components/marketing/content/contact.json";
import { pageMetadata } from "@/components/marketing/pages";
import { site } from "@/lib/site";

export const metadata = pageMetadata("/contact");

export default function ContactPage() {
  return (
    <ContentPage hero={copy.hero}>
      <div className="grid gap-10 md:grid-cols-[2fr_1fr]">
        <ContactForm />
        <aside className="grid content-start gap-4 rounded-2xl bg-brand-50 p-6 text-sm text-ink">
          <h2 className="text-lg font-semibold">Other ways to reach us</h2>
          <p>
            Email:{" "}
            <a href={`mailto:${site.email}`} className="font-medium text-brand-700 underline">
              {site.email}
            </a>
          </p>
          <p>Office: 1350 St. Paul Street, Kelowna, BC</p>
          <p>Hours: Monday to Saturday, 8 a.m. to 5 p.m. Pacific</p>
        </aside>
      </div>
    </ContentPage>
  );
}
