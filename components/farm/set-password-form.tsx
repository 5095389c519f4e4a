"use client";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { setPasswordSchema, type SetPasswordInput } from "@/lib/validators/farm";
import { NewPasswordFields } from "@/components/ui/form-input";

/** The first password of a farmer who signed in with a one-time link. */
export function SetPasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

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
      showServerFieldErrors(form, e);
      toastFailure("Could not save the password", e);
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
      <NewPasswordFields form={form} idPrefix="first" confirmLabel="Confirm password" />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save password"}
        </Button>
      </div>
    </form>
  );
}
