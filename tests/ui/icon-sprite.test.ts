import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "@/components/ui/icon-names";
import { ICON_SPRITE_VERSION } from "@/components/ui/icon-version";
import { iconSprite, versionModule } from "../../scripts/build-icon-sprite";

const root = path.resolve(import.meta.dirname, "../..");

describe("icon sprite", () => {
  it("public/icons.svg and its version are what `npm run icons` writes for ICON_NAMES", async () => {
    const { svg, version } = await iconSprite();
    expect(fs.readFileSync(path.join(root, "public/icons.svg"), "utf8")).toBe(svg);
    expect(fs.readFileSync(path.join(root, "components/ui/icon-version.ts"), "utf8")).toBe(
      versionModule(version),
    );
    expect(ICON_SPRITE_VERSION).toBe(version);
  });

  it("has one symbol per name, with lucide's paths", async () => {
    const svg = fs.readFileSync(path.join(root, "public/icons.svg"), "utf8");
    const ids = [...svg.matchAll(/<symbol id="([a-z-]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    // The star is lucide's star (the start of its outline).
    expect(svg).toMatch(/<symbol id="star"[^>]*><path d="M11\.525 2\.295/);
  });
});
