import Link from "next/link";
import { FarmProfileForm } from "@/components/farm/farm-profile-form";
import { ImageUpload } from "@/components/farm/image-upload";
import { farmPageUser, getMyFarm } from "@/lib/server/farm/profile";
import { FarmSection } from "@/components/farm/farm-section";

export const dynamic = "force-dynamic";

export default async function FarmProfilePage() {
  const user = await farmPageUser();
  if (!user) return null;
  const farm = await getMyFarm(user);
  return (
    <FarmSection
      id="profile"
      title="Farm profile"
      className="grid gap-6"
      action={
        <Link
          href={`/farms/${farm.id}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          View your public farm page
        </Link>
      }
    >
      <ImageUpload endpoint="/api/my-farm/image" current={farm.farmImage} label="Farm picture" />
      <FarmProfileForm farm={farm} />
    </FarmSection>
  );
}
