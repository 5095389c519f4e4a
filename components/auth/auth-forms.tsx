"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Tabs } from "radix-ui";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { ApiError, apiFetch } from "@/lib/client/api";
import { handleApiSubmit } from "@/components/ui/api-form";
import { loginSchema, registerSchema } from "@/lib/validators/auth";
import { twoStepCodeSchema } from "@/lib/validators/passkeys";
import type { PublicUser, TwoStepAnswer } from "@/lib/contracts/session";
import { Button } from "@/components/ui/button";
import { homePathFor } from "@/lib/auth/home-path";
import { safeNextPath } from "@/lib/auth/safe-next";
import { useAuth } from "./auth-provider";
import { FormInput, NewPasswordFields, NO_NEW_PASSWORD } from "@/components/ui/form-input";

export function AuthForms() {
  const params = useSearchParams();
  const [tab, setTab] = useState(params.get("tab") === "register" ? "register" : "login");
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="w-full">
      <Tabs.List
        aria-label="Sign in or create an account"
        className="mb-6 grid grid-cols-2 rounded-lg bg-brand-50 p-1"
      >
        {[
          ["login", "Login"],
          ["register", "Register"],
        ].map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="h-10 rounded-md text-sm font-semibold text-muted data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="login">
        <LoginForm next={params.get("next")} twoStep={params.get("twoStep") === "1"} />
      </Tabs.Content>
      <Tabs.Content value="register">
        <RegisterForm next={safeNextPath(params.get("next"))} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

const loginInputs = [
  { name: "username", label: "Email or username", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

/**
 * Where a signed-in user goes: `next` as asked for in the URL, or each role's own start page; an
 * account that must turn on two-step sign-in (docs/accounts.md) is asked to first.
 */
function useSignedIn(next: string | null) {
  const { setUser } = useAuth();
  const router = useRouter();
  return (user: PublicUser) => {
    setUser(user);
    toast({ title: "Login successful", description: `Welcome back, ${user.fullName}!` });
    if (user.twoStepRequired && !user.twoStep) {
      toast({
        title: "Turn on two-step sign-in",
        description: "Your account can move money: it needs a code as well as your password.",
      });
      router.push("/profile/security#two-step");
    } else router.push(next ? safeNextPath(next, undefined, homePathFor(user)) : homePathFor(user));
    router.refresh();
  };
}

function LoginForm({ next, twoStep }: { next: string | null; twoStep: boolean }) {
  const signedIn = useSignedIn(next);
  const [askCode, setAskCode] = useState(twoStep);
  const form = useZodForm(loginSchema, { username: "", password: "" });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await apiFetch<PublicUser | TwoStepAnswer>("/api/login", {
        method: "POST",
        json: values,
      });
      if (!("id" in answer)) return setAskCode(true);
      signedIn(answer);
    } catch (e) {
      toastFailure("Login failed", e, "Invalid email or password");
    }
  });

  if (askCode) return <TwoStepForm onSignedIn={signedIn} onRestart={() => setAskCode(false)} />;
  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
        {loginInputs.map(({ name, ...input }) => (
          <FormInput key={name} form={form} name={name} id={`login-${name}`} {...input} />
        ))}
        <SubmitButton
          size="lg"
          className="mt-2 w-full"
          busy={isSubmitting}
          busyLabel="Logging in..."
        >
          Login
        </SubmitButton>
        <Link
          href="/auth/forgot"
          className="justify-self-center text-sm font-semibold text-brand-800 hover:underline"
        >
          Forgot your password?
        </Link>
      </form>
      <PasskeySignIn onSignedIn={signedIn} />
    </div>
  );
}

/** "Sign in with a passkey": a discoverable credential, no username typed (docs/accounts.md). */
function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
        "/api/login/passkey/options",
        { method: "POST" },
      );
      const credential = await startAuthentication({ optionsJSON: options });
      onSignedIn(
        await apiFetch<PublicUser>("/api/login/passkey", { method: "POST", json: { credential } }),
      );
    } catch (e) {
      toastFailure("Login failed", e, "Your browser did not use a passkey.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      disabled={busy}
      onClick={() => void signIn()}
    >
      {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}

/** The second step: a code from the authenticator app or a recovery code. */
function TwoStepForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: PublicUser) => void;
  onRestart: () => void;
}) {
  const form = useZodForm(twoStepCodeSchema, { code: "" });
  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      try {
        onSignedIn(
          await apiFetch<PublicUser>("/api/login/two-step", { method: "POST", json: values }),
        );
      } catch (e) {
        if (e instanceof ApiError && e.code === "unauthenticated") onRestart();
        throw e;
      }
    },
    "Login failed",
    "Please try again later.",
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-step sign-in">
      <p className="text-sm text-ink">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <FormInput
        form={form}
        name="code"
        id="login-code"
        label="Code"
        autoComplete="one-time-code"
        autoFocus
      />
      <SubmitButton
        size="lg"
        className="w-full"
        busy={form.formState.isSubmitting}
        busyLabel="Checking..."
      >
        Continue
      </SubmitButton>
      <Button variant="ghost" onClick={onRestart}>
        Start again
      </Button>
    </form>
  );
}

// The new password and its confirmation follow these.
const registerInputs = [
  { name: "fullName", label: "Full name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "username", label: "Username (Optional)", autoComplete: "username" },
  { name: "phone", label: "Phone (Optional)", type: "tel", autoComplete: "tel" },
] as const;

function RegisterForm({ next }: { next: string }) {
  const { setUser } = useAuth();
  const router = useRouter();
  const form = useZodForm(registerSchema, {
    fullName: "",
    email: "",
    username: "",
    phone: "",
    ...NO_NEW_PASSWORD,
  });
  const { isSubmitting } = form.formState;

  // Field-level answers from the server (taken email, common password) go next to their field.
  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      const user = await apiFetch<PublicUser>("/api/register", { method: "POST", json: values });
      setUser(user);
      toast({
        title: "Registration successful",
        description: `Welcome to Fieldfare, ${user.fullName}!`,
      });
      router.push(next);
      router.refresh();
    },
    "Registration failed",
    "Please try again later.",
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      {registerInputs.map(({ name, ...input }) => (
        <FormInput key={name} form={form} name={name} id={`register-${name}`} {...input} />
      ))}
      <NewPasswordFields
        form={form}
        idPrefix="register"
        label="Password"
        confirmLabel="Confirm password"
      />
      <SubmitButton
        size="lg"
        className="mt-2 w-full"
        busy={isSubmitting}
        busyLabel="Creating account..."
      >
        Create account
      </SubmitButton>
    </form>
  );
}
