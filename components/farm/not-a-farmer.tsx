import Link from "next/link";
import { Tractor } from "lucide-react";
import { AccessNotice } from "@/components/ui/access-notice";
import { Button } from "@/components/ui/button";

/** Shown instead of My Farm to anyone who is not a farm account (the API answers 403 to them). */
export function NotAFarmer({ message = "This area is for farm accounts" }: { message?: string }) {
  return (
    <AccessNotice
      id="not-farmer-title"
      icon={Tractor}
      title={message}
      actions={
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href="/home">Back to Home</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/features/farmers">Selling on Fieldfare</Link>
          </Button>
        </div>
      }
    >
      My Farm is where farms list their produce and fulfil orders. If you grow food in the Okanagan
      and want to sell on Fieldfare, join our waitlist and we will set up your farm account.
    </AccessNotice>
  );
}
