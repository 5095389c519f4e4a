import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.0/2.1 A and AA rule sets every page and dialog must pass with zero violations. */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Resolves once every finite animation and transition has ended: what axe checks is the page as it
 * stays, not a frame of a dialog fading in or of a button changing colour as it becomes enabled
 * (contrast measured half-way is not the contrast anyone reads). Endless animations (a skeleton's
 * pulse, a spinner) are not waited for.
 */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

export async function expectNoAxeViolations(page: Page, label: string, include?: string) {
  await animationsDone(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * Visible focus: the focused element (or, for a wrapper that shows focus-within, itself) draws an
 * outline or a box-shadow ring. Returns a description of the element for failure messages.
 */
export async function expectVisibleFocus(page: Page, label: string) {
  const info = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: "nothing focused" };
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow !== "none" && cs.boxShadow !== "";
    const what = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" outline=${cs.outlineStyle} ${cs.outlineWidth} shadow=${cs.boxShadow}`;
    return { ok: outline || shadow, what };
  });
  expect(info.ok, `visible focus at ${label}: ${info.what}`).toBe(true);
}

/**
 * Nothing is wider than the viewport: on a phone, an over-wide element makes the browser zoom the
 * whole page out (so the 390 px layout is no longer 390 px) and content slides under fixed bars.
 */
export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const viewport = page.viewportSize()!.width;
  const { inner, scroll } = await page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
  }));
  expect({ inner, scroll }, `horizontal overflow on ${label}`).toEqual({
    inner: viewport,
    scroll: viewport,
  });
}

/** The page checks every route gets: no horizontal overflow and zero axe violations. */
export async function auditPage(page: Page, label: string) {
  await expectNoHorizontalOverflow(page, label);
  await expectNoAxeViolations(page, label);
}
