/**
 * Names of the session cookie, shared by the server session module and proxy.ts (which must not
 * import server-only code). Over HTTPS the `__Host-` variant is used: the browser then refuses it
 * unless it is Secure, host-only and for Path=/ (see docs/architecture.md, "Sessions").
 */
export const SESSION_COOKIE = "ff_session";
export const SECURE_SESSION_COOKIE = "__Host-ff_session";
export const SESSION_COOKIES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;

/**
 * Set beside the session cookie and cleared with it: "1" while this browser has a session. It is
 * readable by the page's scripts and worth nothing to an attacker (the session cookie alone signs
 * in); it lets a public page skip asking /api/user when nobody is signed in (docs/architecture.md,
 * "Sessions").
 */
export const SIGNED_IN_HINT_COOKIE = "ff_signed_in";

/**
 * A password sign-in waiting for its second step (docs/accounts.md, "Two-step sign-in"): an opaque
 * token, HttpOnly, sent only to /api/login/…, five minutes.
 */
export const TWO_STEP_COOKIE = "ff_two_step";
