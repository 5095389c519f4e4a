import Link from "next/link";
import { ArrowLeft, BadgeCheck } from "lucide-react";

/** The way back from a chat or a new chat to the list (the only view on phones). */
export function BackToMessages() {
  return (
    <Link
      href="/messages"
      aria-label="Back to messages"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-gray-100"
    >
      <ArrowLeft aria-hidden className="h-5 w-5" />
    </Link>
  );
}

/** Someone's name, cut short where it must be, with the Verified mark of checked accounts. */
export function ChatName({ user }: { user: { fullName: string; verified: boolean } }) {
  return (
    <>
      <span className="truncate">{user.fullName}</span>
      {user.verified ? (
        <BadgeCheck role="img" aria-label="Verified" className="h-4 w-4 shrink-0 text-brand-700" />
      ) : null}
    </>
  );
}
