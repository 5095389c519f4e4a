"use client";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { Search, Users } from "lucide-react";
import { BackToMessages, ChatName } from "./chat-parts";
import { Avatar } from "@/components/ui/avatar";
import { inputClass } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { useSupplierSearch } from "@/lib/client/resources";

const SEARCH_DELAY_MS = 250;

/** New chat: search farms by name, a "Create Group Chat" row (coming soon), and All Suppliers. */
export function SupplierPicker() {
  const searchId = useId();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  // While the next search loads, the last answer stays on screen (with the query it answered).
  const { data: result, error } = useSupplierSearch(query.trim());
  const failed = error !== undefined;

  const items = result?.items ?? [];
  return (
    <section aria-labelledby="new-chat-heading" className="flex min-h-0 w-full flex-col">
      <div className="flex items-center gap-2 border-b border-gray-200 px-3 py-3">
        <BackToMessages />
        <h1 id="new-chat-heading" className="text-lg font-bold text-ink">
          New chat
        </h1>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 pb-6">
        <label htmlFor={searchId} className="sr-only">
          Search for farms or suppliers
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600"
          />
          <input
            id={searchId}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search for farms or suppliers..."
            autoComplete="off"
            className={cn(inputClass, "h-11 pl-9")}
          />
        </div>

        <button
          type="button"
          onClick={() =>
            toast({
              title: "Feature Coming Soon",
              description: "The Group Chat option will be available soon",
            })
          }
          className="mt-4 flex w-full items-center gap-3 rounded-lg px-2 py-3 text-left hover:bg-gray-50"
        >
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Users aria-hidden className="h-5 w-5" />
          </span>
          <span className="font-semibold text-ink">Create Group Chat</span>
        </button>

        <h2 className="mt-4 text-sm font-semibold tracking-wide text-muted uppercase">
          All Suppliers
        </h2>
        <div aria-live="polite" className="sr-only">
          {result ? `${items.length} ${items.length === 1 ? "supplier" : "suppliers"} found` : ""}
        </div>
        {!result && !failed ? (
          <p role="status" className="py-6 text-sm text-muted">
            Loading suppliers...
          </p>
        ) : failed && !result ? (
          <p className="py-6 text-sm text-muted">
            Could not load suppliers. Check your connection and try again.
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-sm text-muted">
            {result?.q.trim() ? `No suppliers match "${result.q.trim()}"` : "No suppliers yet"}
          </p>
        ) : (
          <ul className="mt-1 divide-y divide-gray-100">
            {items.map(({ user, status }) => (
              <li key={user.id}>
                <Link
                  href={`/messages/${user.id}`}
                  className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-gray-50"
                >
                  <Avatar person={user} className="h-11 w-11" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-1 font-semibold text-ink">
                      <ChatName user={user} />
                    </span>
                    <span className="block truncate text-sm text-muted">{status}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
