import { ImageResponse } from "next/og";

export const ogSize = { width: 1200, height: 630 };

/** The 1200×630 social card: brand mark, page title and description. Uses next/og's bundled font (no network). */
export function ogCard(title: string, description: string): ImageResponse {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "linear-gradient(135deg, #0b2417 0%, #20613c 60%, #38975e 100%)",
        color: "white",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <div
          style={{
            width: 72,
            height: 72,
            borderRadius: 36,
            background: "#bbe4c8",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            color: "#20613c",
            fontSize: 44,
            fontWeight: 700,
          }}
        >
          F
        </div>
        <div style={{ fontSize: 40, fontWeight: 700 }}>Fieldfare</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
        <div style={{ fontSize: title.length > 48 ? 60 : 76, fontWeight: 700, lineHeight: 1.1 }}>
          {title}
        </div>
        <div style={{ fontSize: 30, color: "#dcf2e2", lineHeight: 1.35 }}>
          {description.length > 150 ? `${description.slice(0, 147)}…` : description}
        </div>
      </div>
      <div style={{ fontSize: 26, color: "#f2a541" }}>
        Fresh produce, straight from Okanagan farms
      </div>
    </div>,
    ogSize,
  );
}
