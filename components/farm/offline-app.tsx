"use client";
import { useEffect, useSyncExternalStore } from "react";
import { usePathname, useRouter } from "next/navigation";
import { CloudOff, Clock, X } from "lucide-react";
import { useSWRConfig } from "swr";
import { useAuth, USER_KEY } from "@/components/auth/auth-provider";
import { Button } from "@/components/ui/button";
import {
  dismiss,
  flushOutbox,
  onDelivered,
  setOutboxUser,
  useOutbox,
} from "@/lib/client/offline/outbox";
import {
  forgetOfflineData,
  keepThisPageOffline,
  serviceWorkerRegistration,
} from "@/lib/client/offline/service-worker";

const LAST_USER = "ff-offline-user";
/** Waiting actions are tried again this often while online (after a server error, say). */
const RETRY_MS = 30_000;

function subscribeOnline(change: () => void) {
  window.addEventListener("online", change);
  window.addEventListener("offline", change);
  return () => {
    window.removeEventListener("online", change);
    window.removeEventListener("offline", change);
  };
}

/** Whether the browser has a network (true while the server renders). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The farm app's offline half (docs/offline.md), in My Farm's frame: registers the service worker
 * and has it keep each farm page as it opens; sends the outbox when the network comes back (and
 * reads the page again once something arrived); shows a banner while offline and what is still
 * waiting to be sent or was refused, with the server's reason.
 */
export function OfflineApp({ farmKey }: { farmKey: string }) {
  const { user } = useAuth();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const pathname = usePathname();
  const online = useOnline();
  const outbox = useOutbox();
  const userId = user?.id ?? null;

  // Another user's pages and actions never stay on this browser (a session that ended without
  // a sign-out, then someone else signed in).
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void (async () => {
      const last = localStorage.getItem(LAST_USER);
      if (last !== null && last !== String(userId)) await forgetOfflineData();
      localStorage.setItem(LAST_USER, String(userId));
      if (live) {
        setOutboxUser(userId);
        void flushOutbox();
      }
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || userId === null) return;
    void serviceWorkerRegistration()
      .then(() => keepThisPageOffline([USER_KEY, farmKey]))
      .catch((e) => console.warn("[offline] this page is not kept for offline:", e));
  }, [pathname, userId, farmKey]);

  useEffect(() => {
    if (online) void flushOutbox();
  }, [online]);

  const waiting = outbox.filter((e) => e.state === "waiting").length;
  useEffect(() => {
    if (!online || waiting === 0) return;
    const every = setInterval(() => void flushOutbox(), RETRY_MS);
    return () => clearInterval(every);
  }, [online, waiting]);

  // Read again what the page shows: its server render and its reads from /api (every key shown).
  useEffect(
    () =>
      onDelivered(() => {
        router.refresh();
        void mutate(() => true);
      }),
    [router, mutate],
  );

  const refused = outbox.filter((e) => e.state === "refused");
  const pending = outbox.filter((e) => e.state === "waiting");
  return (
    <>
      {/* Always in the page, so a screen reader hears the change when it happens. */}
      <div role="status" className="print:hidden">
        {!online ? (
          <p
            className="flex items-start gap-2 rounded-xl border border-harvest-400 bg-amber-50 px-4 py-3 text-sm text-ink"
            data-testid="offline-banner"
          >
            <CloudOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              <span className="font-semibold">You are offline.</span> Ticks and handovers are saved
              on this device and sent when you are back online.
            </span>
          </p>
        ) : null}
      </div>
      {pending.length > 0 || refused.length > 0 ? (
        <section
          aria-labelledby="outbox-title"
          className="grid gap-2 rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm print:hidden"
          data-testid="outbox"
        >
          <h2 id="outbox-title" className="font-semibold text-ink">
            {pending.length > 0 ? `Waiting to send (${pending.length})` : "Not sent"}
          </h2>
          <ul className="grid gap-1">
            {pending.map((e) => (
              <li key={e.id} className="flex items-center gap-2" data-testid="outbox-waiting">
                <Clock aria-hidden className="h-4 w-4 shrink-0 text-muted" />
                <span>
                  {e.label} <span className="text-muted">· waiting to send</span>
                </span>
              </li>
            ))}
            {refused.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2"
                data-testid="outbox-refused"
              >
                <span>
                  <span className="font-semibold text-red-800">Not sent: {e.label}.</span>{" "}
                  <span className="text-ink">{e.reason}</span>
                </span>
                <Button variant="outline" size="sm" onClick={() => void dismiss(e.id)}>
                  <X aria-hidden className="h-4 w-4" />
                  Dismiss<span className="sr-only"> {e.label}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
