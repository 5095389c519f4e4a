"use client";

/** Banner button: scrolls to the product sections and moves focus there for keyboard users. */
export function ShopNowButton() {
  return (
    <button
      type="button"
      onClick={() => {
        const target = document.getElementById("products");
        if (!target) return;
        const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
        target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }}
      className="inline-flex h-11 items-center rounded-full bg-white px-6 text-sm font-bold text-brand-800 shadow hover:bg-brand-50"
    >
      Shop Now
    </button>
  );
}
