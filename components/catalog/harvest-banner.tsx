import { ShopNowButton } from "./shop-now-button";

export function HarvestBanner() {
  return (
    <section
      aria-labelledby="banner-title"
      className="relative overflow-hidden rounded-3xl bg-brand-800 p-6 text-white md:p-10"
    >
      <div className="relative z-10 grid max-w-lg gap-3">
        <h2 id="banner-title" className="text-2xl font-extrabold md:text-3xl">
          Fresh Seasonal Produce
        </h2>
        <p className="text-brand-100">
          Picked this week by Okanagan growers and delivered straight from the farm to your table.
        </p>
        <div>
          <ShopNowButton />
        </div>
      </div>
      <div
        aria-hidden
        className="absolute -right-10 -bottom-16 h-56 w-56 rounded-full bg-brand-600/60"
      />
      <div
        aria-hidden
        className="absolute -top-20 -right-24 h-56 w-56 rounded-full bg-harvest-400/30"
      />
    </section>
  );
}
