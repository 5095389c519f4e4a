"use client";
import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { ImageUp, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "@/lib/validators/farm";
import { downscaleImage } from "./downscale-image";

/**
 * Picks an image and posts it as multipart/form-data to `endpoint` (field "image"). A camera photo
 * is downscaled first (./downscale-image.ts); the size is checked here for a quick answer; the
 * server checks size and content again and has the last word. With `removable`, a DELETE to the
 * same endpoint takes the picture away.
 */
export function ImageUpload({
  endpoint,
  current,
  label,
  removable = false,
}: {
  endpoint: string;
  current: string;
  label: string;
  removable?: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(picked: File) {
    setError(null);
    const file = await downscaleImage(picked, MAX_IMAGE_BYTES);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(`The image is too large (${MAX_IMAGE_BYTES / 1024 / 1024} MB at most)`);
      return;
    }
    const body = new FormData();
    body.set("image", file);
    setBusy(true);
    try {
      const res = await apiFetch<{ farmImage?: string; image?: string }>(endpoint, {
        method: "POST",
        body,
      });
      setPreview(res.farmImage ?? res.image ?? "");
      toast({ title: "Image uploaded", description: "Your new picture is live." });
      router.refresh();
    } catch (e) {
      const message = messageOf(e, "The upload failed. Please try again.");
      setError(message);
      toast({ title: "Upload failed", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  async function remove() {
    setError(null);
    setBusy(true);
    try {
      await apiFetch(endpoint, { method: "DELETE" });
      setPreview("");
      toast({ title: "Picture removed", description: "It is shown without a picture now." });
      router.refresh();
    } catch (e) {
      const message = messageOf(e, "The picture could not be removed. Please try again.");
      setError(message);
      toast({ title: "Removing failed", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid max-w-2xl gap-3">
      <div className="aspect-[3/1] overflow-hidden rounded-2xl border border-gray-200 bg-brand-50">
        {preview ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own uploads
          <img
            src={preview}
            alt={`Current ${label.toLowerCase()}`}
            className="h-full w-full object-cover"
            data-testid="image-preview"
          />
        ) : (
          <p className="grid h-full place-items-center text-sm text-muted">No picture yet</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          <ImageUp aria-hidden className="h-4 w-4" />
          {busy ? "Uploading..." : "Choose image"}
        </Button>
        {removable && preview ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void remove()}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Remove<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        PNG, JPEG, WebP or GIF. Phone photos are made smaller before they are sent; a GIF can be up
        to {MAX_IMAGE_BYTES / 1024 / 1024} MB.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
