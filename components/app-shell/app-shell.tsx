import { BottomTabs } from "./bottom-tabs";
import { NavRail } from "./nav-rail";
import { RouteFocus } from "./route-focus";

/** The signed-in app's frame: rail (≥768 px) or bottom tabs, with the header and page inside. */
export function AppShell({
  header,
  children,
}: {
  header: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <NavRail />
      <div className="min-h-dvh pb-16 md:pb-0 md:pl-20 print:p-0">
        {header}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto max-w-7xl min-w-0 px-4 py-6 outline-none md:px-6"
        >
          {children}
        </main>
      </div>
      <BottomTabs />
      <RouteFocus />
    </>
  );
}
