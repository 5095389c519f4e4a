import type { ReactNode } from "react";

/**
 * A line of a receipt or total: the label on the left, the formatted amount on the right in
 * even-width digits. `className` lays the line out (it is a flex row with space between).
 */
export function AmountRow({
  label,
  amount,
  testId,
  className,
  labelClassName,
}: {
  label: ReactNode;
  amount: ReactNode;
  testId?: string;
  className: string;
  labelClassName?: string;
}) {
  return (
    <p className={className}>
      <span className={labelClassName}>{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {amount}
      </span>
    </p>
  );
}
