import Link from "next/link";
import { MessageCircle } from "lucide-react";

/**
 * "Message the farm", where a buyer has a question: the farm's page, a product's page and an
 * order's details. It opens the chat with the farm's account; signed out, sign-in comes first.
 */
export function MessageFarmLink({
  farmUserId,
  farmName,
}: {
  farmUserId: number;
  farmName: string;
}) {
  return (
    <Link
      href={`/messages/${farmUserId}`}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      <MessageCircle aria-hidden className="h-4 w-4" />
      Message the farm<span className="sr-only"> {farmName}</span>
    </Link>
  );
}
