import { Suspense } from "react";
import { Content } from "../content";
import { Greeting } from "../greeting";

/** The same page with only the greeting per request: with Cache Components the rest is the prerendered shell. */
export default function PartialPage() {
  return (
    <>
      <Suspense fallback={<h1>Hello</h1>}>
        <Greeting />
      </Suspense>
      <Content />
    </>
  );
}
