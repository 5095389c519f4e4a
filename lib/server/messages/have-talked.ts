import "server-only";
import type { Tx } from "@/lib/server/platform/transaction";

/**
 * Whether the two have exchanged any message, in either direction (both directions are indexed).
 * On its own (no realtime or env imports), so the seed asks it too.
 */
export async function haveTalked(client: Pick<Tx, "message">, a: number, b: number) {
  const m = await client.message.findFirst({
    where: {
      OR: [
        { senderId: a, receiverId: b },
        { senderId: b, receiverId: a },
      ],
    },
    select: { id: true },
  });
  return m !== null;
}
