-- Catalog cache invalidation (docs/operations.md, "Catalog cache"): any change to what the shared
-- catalog lists show (products, farms, categories) is announced on the `ff_catalog` channel,
-- whoever made it, and every app instance drops its cached lists. A checkout's stock decrement
-- is not announced unless it flips the product's inStock (the stock count never leaves the
-- server). The function bodies are U&'' literals with \003B for the semicolon: the migration
-- runner splits the file at every semicolon, even inside quotes.

CREATE FUNCTION ff_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM pg_notify(''ff_catalog'', TG_TABLE_NAME)\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "Product_changed_notify" AFTER UPDATE ON "Product"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock' - 'updatedAt') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updatedAt'))
  EXECUTE FUNCTION ff_catalog_changed();

CREATE TRIGGER "Product_added_removed_notify" AFTER INSERT OR DELETE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION ff_catalog_changed();

CREATE TRIGGER "Farm_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "Farm"
  FOR EACH STATEMENT EXECUTE FUNCTION ff_catalog_changed();

CREATE TRIGGER "Category_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "Category"
  FOR EACH STATEMENT EXECUTE FUNCTION ff_catalog_changed();
