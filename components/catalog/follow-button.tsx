"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import type { FollowJson } from "@/lib/contracts/catalog";

/** Follow / Following on a farm's page: a toggle (aria-pressed) over PUT/DELETE /api/farms/{id}/follow. */
export function FollowButton({
  farmId,
  farmName,
  initial,
}: {
  farmId: number;
  farmName: string;
  initial: boolean;
}) {
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      const answer = await apiFetch<FollowJson>(`/api/farms/${farmId}/follow`, {
        method: following ? "DELETE" : "PUT",
      });
      setFollowing(answer.following);
      toast({
        title: answer.following ? `Following ${farmName}` : `No longer following ${farmName}`,
        description: answer.following
          ? "You will hear what is fresh each week."
          : "You will no longer hear of its fresh sheet.",
      });
    } catch (e) {
      toastFailure("Could not change that", e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      variant={following ? "secondary" : "primary"}
      size="sm"
      aria-pressed={following}
      onClick={() => void toggle()}
      disabled={busy}
      data-testid="follow-farm"
    >
      {following ? "Following" : "Follow"}
    </Button>
  );
}
