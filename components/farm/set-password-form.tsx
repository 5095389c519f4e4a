"use client";
import { useRouter } from "next/navigation";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { setPasswordSchema } from "@/lib/validators/farm";
import { NewPasswordFields, NO_NEW_PASSWORD } from "@/components/ui/form-input";
import { handleApiSubmit } from "@/components/ui/api-form";

/** The first password of a farmer who signed in with a one-time link. */
export function SetPasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const form = useZodForm(setPasswordSchema, NO_NEW_PASSWORD);
  const { isSubmitting } = form.formState;

  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      await apiFetch("/api/my-farm/password", { method: "POST", json: values });
      toast({
        title: "Password saved",
        description: `Next time, sign in with ${email} and your new password.`,
      });
      router.push("/my-farm");
      router.refresh();
    },
    "Could not save the password",
  );

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
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          Save password
        </SubmitButton>
      </div>
    </form>
  );
}
