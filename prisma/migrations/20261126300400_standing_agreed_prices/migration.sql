-- Each standing-order line keeps the unit price it was set up at (docs/restaurants.md, "Agreed
-- prices"). Lines set up before this agree on today's restaurant price (the retail price where the
-- farm set none), and a line that has its price already keeps it.
UPDATE "StandingOrder" s
SET "items" = (
    SELECT COALESCE(jsonb_agg(
        CASE WHEN p."id" IS NULL THEN i."item"
             ELSE jsonb_build_object('priceCents', COALESCE(p."restaurantPriceCents", p."priceCents")) || i."item"
        END ORDER BY i."n"), '[]'::jsonb)
    FROM jsonb_array_elements(s."items") WITH ORDINALITY AS i("item", "n")
    LEFT JOIN "Product" p ON p."id" = (i."item"->>'productId')::int
);
