import { Suspense } from "react";
import { Greeting } from "../greeting";

/** The smallest page that reads anything per request: one greeting, nothing else. */
export default function MinimalPage() {
  return (
    <Suspense fallback={null}>
      <Greeting />
    </Suspense>
  );
}
