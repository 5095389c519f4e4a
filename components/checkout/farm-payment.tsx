"use client";
import { useId, type ReactNode } from "react";
import { formatCurrency, possessive } from "@/lib/format";
import { dollarsToCents } from "@/lib/money";
import type { BuyerCreditLineJson } from "@/lib/contracts/account";
import type { PaymentMethodValue } from "@/lib/validators/account";

/**
 * Wallet or account for one farm's order (docs/restaurants.md, "Pay on account"): shown only to a
 * buyer with a credit line at that farm, with the credit still available.
 */
export function FarmPayment({
  farmName,
  credit,
  value,
  orderTotalCents,
  onChange,
}: {
  farmName: string;
  credit: BuyerCreditLineJson;
  value: PaymentMethodValue;
  /** This farm's order with its delivery fee, in integer cents. */
  orderTotalCents: number;
  onChange: (v: PaymentMethodValue) => void;
}) {
  const name = useId();
  const over = value === "account" && orderTotalCents > dollarsToCents(credit.available);
  return (
    <fieldset
      className="mt-3 grid gap-2 border-t border-gray-100 pt-3"
      data-testid="checkout-payment"
    >
      <legend className="sr-only">How to pay {farmName}</legend>
      <p aria-hidden className="text-sm font-semibold text-ink">
        Pay with
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <PaymentOption name={name} option="wallet" value={value} onChange={onChange}>
          Wallet
        </PaymentOption>
        <PaymentOption
          name={name}
          option="account"
          value={value}
          onChange={onChange}
          testId="checkout-on-account"
        >
          <span>
            On account{" "}
            <span className="text-muted">
              · {formatCurrency(credit.available)} of {formatCurrency(credit.limit)} available
            </span>
          </span>
        </PaymentOption>
      </div>
      {value === "account" ? (
        <p
          className={over ? "text-sm font-medium text-red-700" : "text-sm text-muted"}
          role={over ? "alert" : undefined}
        >
          {over
            ? `This order is more than the ${formatCurrency(credit.available)} of credit available at ${farmName}.`
            : `Billed on ${possessive(farmName)} monthly statement, due on the 15th of next month.`}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One radio of the choice, a bordered tile that fills in when checked. */
function PaymentOption({
  name,
  option,
  value,
  onChange,
  testId,
  children,
}: {
  name: string;
  option: PaymentMethodValue;
  value: PaymentMethodValue;
  onChange: (v: PaymentMethodValue) => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-gray-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={name}
        value={option}
        checked={value === option}
        onChange={() => onChange(option)}
        className="accent-brand-700"
        data-testid={testId}
      />
      {children}
    </label>
  );
}
