import Link from "next/link";
import type { NavLink } from "./nav";

/** Links as a list, one item each by label: a footer column, a group of the mobile drawer. */
export function LinkList({
  links,
  className,
  linkClassName,
  onNavigate,
}: {
  links: NavLink[];
  className: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.href}>
          <Link href={l.href} className={linkClassName} onClick={onNavigate}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
