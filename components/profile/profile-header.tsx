"use client";
import { Phone } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { Avatar } from "@/components/ui/avatar";

/** Avatar (image, else initials), name and phone, from the session user. */
export function ProfileHeader() {
  const { user } = useAuth();
  if (!user) {
    // Until /api/user answers: the same places, so nothing moves when it arrives.
    return (
      <section
        aria-label="Your profile"
        aria-busy
        className="flex flex-col items-center gap-3 text-center"
      >
        <span
          aria-hidden
          className="block h-24 w-24 animate-pulse rounded-full bg-gray-200 motion-reduce:animate-none"
        />
        <div className="grid justify-items-center gap-2">
          <h1 className="text-2xl font-bold text-ink">
            <span className="sr-only">Loading your profile</span>
            <span
              aria-hidden
              className="block h-8 w-48 animate-pulse rounded-lg bg-gray-200 motion-reduce:animate-none"
            />
          </h1>
          <span
            aria-hidden
            className="block h-5 w-32 animate-pulse rounded-lg bg-gray-200 motion-reduce:animate-none"
          />
        </div>
      </section>
    );
  }
  return (
    <section aria-label="Your profile" className="flex flex-col items-center gap-3 text-center">
      <Avatar person={user} alt={user.fullName} className="h-24 w-24 text-2xl [&_span]:text-2xl" />
      <div>
        <h1 className="text-2xl font-bold text-ink" data-testid="profile-name">
          {user.fullName}
        </h1>
        <p
          className="mt-1 flex items-center justify-center gap-1.5 text-muted"
          data-testid="profile-phone"
        >
          <Phone aria-hidden className="h-4 w-4" />
          {user.phone || "No phone number"}
        </p>
      </div>
    </section>
  );
}
