import type { Metadata } from "next";
import { RetryButton } from "./retry-button";

export const metadata: Metadata = { title: "You are offline", robots: { index: false } };

/**
 * What a page not kept on this phone shows without a network (docs/offline.md): the service
 * worker keeps this one from its install. Static, so it reads nothing and works for anyone.
 */
export default function OfflinePage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-extrabold text-brand-700">You are offline</h1>
      <p className="max-w-md text-muted">
        This page is not saved on this device. Today, the pack list and your orders open without a
        network once you have visited them.
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <a
          href="/my-farm/pack-list"
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Open the pack list
        </a>
        <RetryButton />
      </div>
    </main>
  );
}
