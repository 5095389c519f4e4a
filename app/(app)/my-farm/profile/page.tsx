import Link from "next/link";
import { FarmProfileForm } from "@/components/farm/farm-profile-form";
import { ImageUpload } from "@/components/farm/image-upload";
import { farmPageUser, getMyFarm } from "@/lib/server/farm/profile";

export const dynamic = "force-dynamic";

export default async function FarmProfilePage() {
  const user = await farmPageUser();
  if (!user) return null;
  const farm = await getMyFarm(user);
  return (
    <section aria-labelledby="profile-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-title" className="text-lg font-bold text-ink">
          Farm profile
        </h2>
        <Link
          href={`/farms/${farm.id}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          View your public farm page
        </Link>
      </div>
      <ImageUpload endpoint="/api/my-farm/image" current={farm.farmImage} label="Farm picture" />
      <FarmProfileForm farm={farm} />
    </section>
  );
}
