"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Tabs } from "radix-ui";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import {
  loginSchema,
  registerSchema,
  type LoginInput,
  type RegisterInput,
} from "@/lib/validators/auth";
import type { PublicUser } from "@/lib/contracts/session";
import { homePathFor } from "@/lib/auth/home-path";
import { safeNextPath } from "@/lib/auth/safe-next";
import { useAuth } from "./auth-provider";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

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

/** `next` as asked for in the URL; without one, each role lands on its own start page. */
function LoginForm({ next }: { next: string | null }) {
  const { setUser } = useAuth();
  const router = useRouter();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await apiFetch<PublicUser>("/api/login", { method: "POST", json: values });
      setUser(user);
      toast({ title: "Login successful", description: `Welcome back, ${user.fullName}!` });
      router.push(
        next
          ? safeNextPath(next, undefined, homePathFor(user.userType))
          : homePathFor(user.userType),
      );
      router.refresh();
    } catch (e) {
      toast({
        title: "Login failed",
        description: messageOf(e, "Invalid email or password"),
        variant: "destructive",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <Field id="login-username" label="Email or username" error={errors.username?.message}>
        <Input id="login-username" autoComplete="username" {...form.register("username")} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? "Logging in..." : "Login"}
      </Button>
      <Link
        href="/auth/forgot"
        className="justify-self-center text-sm font-semibold text-brand-800 hover:underline"
      >
        Forgot your password?
      </Link>
    </form>
  );
}

function RegisterForm({ next }: { next: string }) {
  const { setUser } = useAuth();
  const router = useRouter();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      fullName: "",
      email: "",
      username: "",
      phone: "",
      password: "",
      confirmPassword: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await apiFetch<PublicUser>("/api/register", { method: "POST", json: values });
      setUser(user);
      toast({
        title: "Registration successful",
        description: `Welcome to Fieldfare, ${user.fullName}!`,
      });
      router.push(next);
      router.refresh();
    } catch (e) {
      // Field-level answers from the server (taken email, common password) go next to their field.
      showServerFieldErrors(form, e);
      toast({
        title: "Registration failed",
        description: messageOf(e, "Please try again later."),
        variant: "destructive",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <Field id="register-fullName" label="Full name" error={errors.fullName?.message}>
        <Input id="register-fullName" autoComplete="name" {...form.register("fullName")} />
      </Field>
      <Field id="register-email" label="Email" error={errors.email?.message}>
        <Input id="register-email" type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Field id="register-username" label="Username (Optional)" error={errors.username?.message}>
        <Input id="register-username" autoComplete="username" {...form.register("username")} />
      </Field>
      <Field id="register-phone" label="Phone (Optional)" error={errors.phone?.message}>
        <Input id="register-phone" type="tel" autoComplete="tel" {...form.register("phone")} />
      </Field>
      <Field id="register-password" label="Password" error={errors.password?.message}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          {...form.register("password")}
        />
      </Field>
      <Field
        id="register-confirmPassword"
        label="Confirm password"
        error={errors.confirmPassword?.message}
      >
        <Input
          id="register-confirmPassword"
          type="password"
          autoComplete="new-password"
          {...form.register("confirmPassword")}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        {isSubmitting ? "Creating account..." : "Create account"}
      </Button>
    </form>
  );
}
