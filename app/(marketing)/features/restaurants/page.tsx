import { FeaturesPage } from "@/components/marketing/audience-pages";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/features/restaurants");

export default function RestaurantFeaturesPage() {
  return <FeaturesPage audience="restaurants" />;
}
