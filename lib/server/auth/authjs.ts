import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { loginSchema } from "@/lib/validators/auth";
import { authSecret } from "@/lib/server/env";
import { login } from "./accounts";
import { requestMeta } from "./http";
import { sidIsLive, sidOf } from "./session";

/**
 * Auth.js v5 with a Credentials provider. Its JWT carries only our session id (`sid`); the jwt
 * callback drops the token once the `Session` row is gone, so logout and revocation are real here
 * too. /api/login mints the same cookie directly (same secret, same salt = cookie name) so the JSON
 * contract of DESIGN.md §4 and Auth.js's own endpoints agree on one session.
 */
export const { handlers, auth } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt" },
  pages: { signIn: "/auth" },
  providers: [
    Credentials({
      credentials: { username: { label: "Email or username" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const parsed = loginSchema.safeParse(credentials);
        if (!parsed.success) return null;
        try {
          const { user, cookie } = await login(parsed.data, requestMeta(request));
          return { id: String(user.id), name: user.fullName, email: user.email, sid: await sidOf(cookie.value, cookie.name) };
        } catch {
          return null;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user && "sid" in user) token.sid = user.sid;
      if (typeof token.sid !== "string" || !(await sidIsLive(token.sid))) return null;
      return token;
    },
  },
}));
