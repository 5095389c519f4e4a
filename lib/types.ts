/** Shapes the JSON API returns (dollars, ISO dates), shared by server serialisers and client UI. */
export type PublicUser = {
  id: number;
  username: string | null;
  fullName: string;
  email: string;
  phone: string | null;
  userType: "farmer" | "restaurant" | "user";
  address: string | null;
  profileImage: string;
  verified: boolean;
  createdAt: string;
};
