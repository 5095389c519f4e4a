import { Suspense } from "react";
import { Content } from "../content";
import { Greeting } from "../greeting";

async function Everything() {
  return (
    <>
      <Greeting />
      <Content />
    </>
  );
}

/** Everything rendered per request (a signed-in page today): the whole page waits on the cookie. */
export default function DynamicPage() {
  return (
    <Suspense fallback={null}>
      <Everything />
    </Suspense>
  );
}
