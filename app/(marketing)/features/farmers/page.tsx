import { FeaturesPage } from "@/components/marketing/audience-pages";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/features/farmers");

export default function FarmersFeaturesPage() {
  return <FeaturesPage audience="farmers" />;
}
