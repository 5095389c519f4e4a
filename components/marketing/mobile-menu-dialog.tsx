"use client";
import Link from "next/link";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { useMarketingDialogs } from "./dialogs";
import { LinkList } from "./link-list";
import { featureLinks, resourceLinks } from "./nav";

const item = "block rounded-lg px-3 py-3 text-lg font-medium text-ink hover:bg-brand-50";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The full-screen drawer of the mobile header menu; loaded on first use by MobileMenu. */
export default function MobileMenuDialog({ open, onOpenChange, triggerRef }: Props) {
  const { openDialog } = useMarketingDialogs();
  const close = () => onOpenChange(false);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger lives outside this lazily loaded tree: give focus back to it by hand.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white px-5 pt-4 pb-8 data-[state=open]:animate-fade-in md:hidden"
        >
          <div className="flex items-center justify-between">
            <D.Title className="text-lg font-extrabold text-brand-800">Menu</D.Title>
            <D.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden className="h-6 w-6" />
              </Button>
            </D.Close>
          </div>
          <nav aria-label="Mobile" className="mt-4 grid gap-6">
            <LinkList
              links={[
                { href: "/", label: "Home" },
                { href: "/about", label: "About Us" },
                { href: "/pricing", label: "Pricing" },
              ]}
              className="grid gap-1"
              linkClassName={item}
              onNavigate={close}
            />
            {[
              { title: "Features", links: featureLinks },
              { title: "Resources", links: resourceLinks },
            ].map((group) => (
              <div key={group.title}>
                <p className="px-3 text-sm font-semibold tracking-wide text-muted uppercase">
                  {group.title}
                </p>
                <LinkList
                  links={group.links}
                  className="mt-1 grid gap-1"
                  linkClassName={item}
                  onNavigate={close}
                />
              </div>
            ))}
          </nav>
          <Button
            size="lg"
            className="mt-8"
            aria-haspopup="dialog"
            onClick={() => {
              close();
              openDialog("demo");
            }}
          >
            Book a Demo
          </Button>
          <Button asChild variant="outline" size="lg" className="mt-3">
            <Link href="/auth" onClick={close}>
              Sign in
            </Link>
          </Button>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
