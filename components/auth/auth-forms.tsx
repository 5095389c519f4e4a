"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Tabs } from "radix-ui";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { handleApiSubmit } from "@/components/ui/api-form";
import { loginSchema, registerSchema } from "@/lib/validators/auth";
import type { PublicUser } from "@/lib/contracts/session";
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
        <LoginForm next={params.get("next")} />
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

/** `next` as asked for in the URL; without one, each role lands on its own start page. */
function LoginForm({ next }: { next: string | null }) {
  const { setUser } = useAuth();
  const router = useRouter();
  const form = useZodForm(loginSchema, { username: "", password: "" });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await apiFetch<PublicUser>("/api/login", { method: "POST", json: values });
      setUser(user);
      toast({ title: "Login successful", description: `Welcome back, ${user.fullName}!` });
      router.push(next ? safeNextPath(next, undefined, homePathFor(user)) : homePathFor(user));
      router.refresh();
    } catch (e) {
      toastFailure("Login failed", e, "Invalid email or password");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      {loginInputs.map(({ name, ...input }) => (
        <FormInput key={name} form={form} name={name} id={`login-${name}`} {...input} />
      ))}
      <SubmitButton size="lg" className="mt-2 w-full" busy={isSubmitting} busyLabel="Logging in...">
        Login
      </SubmitButton>
      <Link
        href="/auth/forgot"
        className="justify-self-center text-sm font-semibold text-brand-800 hover:underline"
      >
        Forgot your password?
      </Link>
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
