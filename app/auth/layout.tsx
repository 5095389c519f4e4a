import { Toaster } from "@/components/ui/toaster";

/** The sign-in page reports through toasts, like the signed-in app. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
