import { cookies } from "next/headers";

/** The per-request part: reads a cookie, as a signed-in page reads its session. */
export async function Greeting() {
  const name = (await cookies()).get("name")?.value ?? "guest";
  return <h1>Hello {name}</h1>;
}
