import Image from "next/image";
import Link from "next/link";
import { Leaf, Search, Truck } from "lucide-react";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import { CheckList } from "@/components/marketing/check-list";
import { HeroArt } from "@/components/marketing/hero-art";
import { HowItWorksCarousel, type Step } from "@/components/marketing/how-it-works-carousel";
import { NewsletterForm } from "@/components/marketing/newsletter-form";
import { pageMetadata } from "@/components/marketing/pages";
import { site } from "@/lib/site";

export const metadata = pageMetadata("/");
export const dynamic = "force-static";

const benefits = [
  {
    title: "Freshness Guaranteed",
    text: "Produce is picked to order and reaches you within 36 hours of harvest. If anything arrives below standard, we credit your wallet the same day.",
    icon: Leaf,
  },
  {
    title: "Direct Delivery",
    text: "Our refrigerated vans collect from farms on fixed valley routes and deliver to your door or kitchen — no warehouse, no middlemen.",
    icon: Truck,
  },
  {
    title: "Transparent Sourcing",
    text: "Every item names the farm, the grower and the distance it travelled. Message the farmer directly about varieties, growing methods or quantities.",
    icon: Search,
  },
];

const steps: Step[] = [
  {
    title: "Browse local farms",
    text: "See what farms within 80 km of Kelowna are harvesting this week, with prices set by the growers themselves.",
    image: "/images/marketing/step-browse.svg",
    alt: "A phone showing a list of farm produce with prices",
  },
  {
    title: "Order from several farms at once",
    text: "Fill one basket from many farms. Pay from your prepaid wallet; each farm receives its own order straight away.",
    image: "/images/marketing/step-order.svg",
    alt: "A basket filled with vegetables from different farms",
  },
  {
    title: "Fresh delivery to your door",
    text: "Farms pick to order, our vans collect on their valley route, and your produce arrives chilled the next morning.",
    image: "/images/marketing/step-deliver.svg",
    alt: "A delivery van driving past orchards towards a house",
  },
];

const audiences = [
  {
    title: "Farmers",
    role: "farmer" as const,
    join: "Join as a Farmer",
    image: "/images/marketing/audience-farmers.svg",
    points: [
      "Set your own prices and keep 92% of every sale, after our 8% commission",
      "Weekly payouts with a clear statement",
      "Pickups planned around your harvest days",
      "Chat directly with the kitchens that buy from you",
    ],
  },
  {
    title: "Restaurants",
    role: "restaurant" as const,
    join: "Join as a Restaurant",
    image: "/images/marketing/audience-restaurants.svg",
    points: [
      "Order from many farms in one basket and one invoice",
      "Standing weekly orders you can adjust until Tuesday noon",
      "Next-morning chilled delivery across Kelowna",
      "Know the grower behind every ingredient on your menu",
    ],
  },
];

const organization = {
  "@context": "https://schema.org",
  "@type": "Organization",
  name: site.name,
  url: site.url,
  logo: `${site.url}/icon.svg`,
  description: site.description,
  email: site.email,
  areaServed: { "@type": "City", name: "Kelowna, British Columbia" },
  address: {
    "@type": "PostalAddress",
    addressLocality: "Kelowna",
    addressRegion: "BC",
    addressCountry: "CA",
  },
};

export default function LandingPage() {
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }}
      />

      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              Now onboarding Kelowna farms and kitchens
            </p>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-ink md:text-5xl">
              Fresh from Okanagan farms, straight to your table
            </h1>
            <p className="mt-5 text-lg text-muted">
              Fieldfare is the marketplace where restaurants and households buy seasonal produce
              directly from the farms that grow it — picked to order, delivered the next morning.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <OpenDialogButton kind="waitlist" size="lg">
                Join the Waitlist
              </OpenDialogButton>
              <Link
                href="#how-it-works"
                className="inline-flex h-12 items-center rounded-lg border border-brand-200 bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
              >
                See how it works
              </Link>
            </div>
          </div>
          <HeroArt
            label="Crates of vegetables and fruit in front of an Okanagan orchard and lake"
            className="h-auto w-full rounded-3xl"
          />
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="benefits-title" className="text-center text-3xl font-bold text-ink">
          Why buy through Fieldfare
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {benefits.map(({ title, text, icon: Icon }) => (
            <div
              key={title}
              className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
              data-testid="benefit-card"
            >
              <div className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon aria-hidden className="h-6 w-6" />
              </div>
              <h3 className="mt-4 text-xl font-semibold text-ink">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="hiw-title"
        className="scroll-mt-20 bg-brand-50/60"
      >
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="hiw-title" className="text-3xl font-bold text-ink">
            How It Works
          </h2>
          <p className="mt-2 max-w-2xl text-muted">Three steps from the field to your kitchen.</p>
          <div className="mt-8">
            <HowItWorksCarousel steps={steps} />
          </div>
        </div>
      </section>

      <section aria-labelledby="who-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="who-title" className="text-center text-3xl font-bold text-ink">
          Who Can Benefit
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {audiences.map((a) => (
            <div
              key={a.title}
              className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
            >
              <Image
                src={a.image}
                alt=""
                width={640}
                height={280}
                className="h-auto w-full bg-brand-50"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-2xl font-semibold text-ink">{a.title}</h3>
                <CheckList
                  points={a.points}
                  className="mt-4 grid flex-1 gap-2"
                  itemClassName="text-muted"
                  checkClassName="mt-0.5"
                />
                <OpenDialogButton kind="waitlist" role={a.role} className="mt-6 self-start">
                  {a.join}
                </OpenDialogButton>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="newsletter-title" className="px-4 pb-16 sm:px-6">
        <div className="mx-auto grid max-w-6xl gap-6 rounded-3xl bg-brand-800 p-8 md:grid-cols-2 md:items-center md:p-12">
          <div>
            <h2 id="newsletter-title" className="text-3xl font-bold text-white">
              Get your first month free
            </h2>
            <p className="mt-3 text-brand-100">
              Subscribe to our weekly harvest letter: what&apos;s being picked, recipes from local
              chefs, and a code for your first month of Fieldfare delivery free.
            </p>
          </div>
          <NewsletterForm />
        </div>
      </section>
    </>
  );
}
