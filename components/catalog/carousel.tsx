"use client";
import { Children, useCallback, useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { Icon } from "@/components/ui/icon";

/**
 * Embla carousel. Prev/next are real buttons; Left and
 * Right arrows also work while focus is inside the carousel.
 */
export function Carousel({ label, children }: { label: string; children: React.ReactNode }) {
  const [viewportRef, api] = useEmblaCarousel({ slidesToScroll: 2, loop: true, align: "start" });
  const [canScroll, setCanScroll] = useState(true);
  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);

  useEffect(() => {
    if (!api) return;
    const update = () => setCanScroll(api.canScrollNext() || api.canScrollPrev());
    api.on("init", update).on("reInit", update);
    // The first measurement arrives after mount; schedule it instead of setting state synchronously.
    const id = requestAnimationFrame(update);
    return () => {
      cancelAnimationFrame(id);
      api.off("init", update).off("reInit", update);
    };
  }, [api]);

  const slides = Children.toArray(children);
  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onKeyDown={(e) => {
        if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
        e.preventDefault();
        if (e.key === "ArrowLeft") prev();
        else next();
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className="min-w-0 shrink-0 grow-0 basis-[80%] pl-4 sm:basis-1/2 lg:basis-1/4"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {canScroll && slides.length > 1 ? (
        <div className="mt-3 flex justify-end gap-2">
          <ScrollButton onClick={prev} label={`Previous ${label}`} icon="chevron-left" />
          <ScrollButton onClick={next} label={`Next ${label}`} icon="chevron-right" />
        </div>
      ) : null}
    </div>
  );
}

function ScrollButton({
  onClick,
  label,
  icon,
}: {
  onClick: () => void;
  label: string;
  icon: "chevron-left" | "chevron-right";
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white hover:bg-gray-50"
    >
      <Icon name={icon} className="h-5 w-5" />
    </button>
  );
}
