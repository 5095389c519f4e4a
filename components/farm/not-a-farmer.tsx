import Link from "next/link";
import { Tractor } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Shown instead of My Farm to anyone who is not a farm account (the API answers 403 to them). */
export function NotAFarmer({ message = "This area is for farm accounts" }: { message?: string }) {
  return (
    <section
      aria-labelledby="not-farmer-title"
      className="mx-auto grid max-w-lg justify-items-center gap-4 rounded-3xl border border-gray-200 p-8 text-center"
    >
      <Tractor aria-hidden className="h-12 w-12 text-brand-700" />
      <h1 id="not-farmer-title" className="text-2xl font-bold text-ink">
        {message}
      </h1>
      <p className="text-muted">
        My Farm is where farms list their produce and fulfil orders. If you grow food in the
        Okanagan and want to sell on Fieldfare, join our waitlist and we will set up your farm
        account.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/home">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/features/farmers">Selling on Fieldfare</Link>
        </Button>
      </div>
    </section>
  );
}
