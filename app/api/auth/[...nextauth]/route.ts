import { handlers } from "@/lib/server/auth/authjs";

export const { GET, POST } = handlers;
