"use client";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiFetch, messageOf } from "@/lib/client/api";
import { setPasswordSchema, type SetPasswordInput } from "@/lib/validators/farm";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The first password of a farmer who signed in with a one-time link. */
export function SetPasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiFetch("/api/my-farm/password", { method: "POST", json: values });
      toast({
        title: "Password saved",
        description: `Next time, sign in with ${email} and your new password.`,
      });
      router.push("/my-farm");
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.errors?.password)
        form.setError("password", { message: e.errors.password });
      toast({
        title: "Could not save the password",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-md gap-4"
      aria-label="Choose a password"
    >
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        id="new-password"
        label="New password"
        hint="At least 10 characters"
        error={errors.password?.message}
      >
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          {...form.register("password")}
        />
      </Field>
      <Field id="confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          {...form.register("confirmPassword")}
        />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save password"}
        </Button>
      </div>
    </form>
  );
}
