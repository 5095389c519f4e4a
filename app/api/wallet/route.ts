import { route } from "@/lib/server/http/route";
import { getWallet } from "@/lib/server/wallet/get-wallet";

export const GET = route({ auth: "required" }, ({ user }) => getWallet(user.id));
